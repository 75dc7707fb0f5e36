import type { Db } from "../../db/database.ts";
import { readSetting } from "../../kernel/settings-store.ts";

/**
 * Settings are read on every page load (public config), every PDF and every e-mail. Several
 * processes may share the database (docs/rules/settings.md "General settings"): each keeps a value at
 * most CACHE_MS, so another process's save shows within that time, and its own saves at once
 * (`forgetSetting`). Keyed by database so test apps never see each other's values.
 */
export const CACHE_MS = 2000;

const cache = new WeakMap<object, Map<string, { value: string | undefined; at: number }>>();

export async function cachedSetting(db: Db, key: string): Promise<string | undefined> {
  const hit = keptSetting(db, key);
  if (hit) return hit.value;
  let entries = cache.get(db);
  if (!entries) {
    entries = new Map();
    cache.set(db, entries);
  }
  const value = await readSetting(db, key);
  entries.set(key, { value, at: Date.now() });
  return value;
}

/** The value when memory holds it fresh (`{ value }`, which may be undefined: no row), else undefined. */
export function keptSetting(db: Db, key: string): { value: string | undefined } | undefined {
  const hit = cache.get(db)?.get(key);
  return hit && Date.now() - hit.at < CACHE_MS ? hit : undefined;
}

/** After a save in this process: the next read goes to the database. */
export function forgetSetting(db: Db, key: string): void {
  cache.get(db)?.delete(key);
}

/** A JSON setting, or undefined when absent or unreadable (a hand-edited row must not break pages). */
export function parseJson(value: string | undefined): unknown {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}
