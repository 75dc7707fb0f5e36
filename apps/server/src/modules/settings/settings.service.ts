import type { AppContext } from "../../context.ts";
import { writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { readVersionedSetting, writeSetting, writeVersionedSetting } from "../../kernel/settings-store.ts";
import { auditChanges, versionConflict } from "./settings-audit.ts";
import { cachedSetting, forgetSetting, keptSetting, parseJson } from "./settings-cache.ts";

const MAINTENANCE_KEY = "maintenance_mode";

/** A school-wide on/off setting; several processes may share the database: the short cache keeps it cheap yet fresh. */
export async function readSwitch(ctx: AppContext, key: string): Promise<boolean> {
  return (await cachedSetting(ctx.db, key)) === "true";
}

/** Maintenance mode when the cache holds it fresh, else undefined (then ask isMaintenanceOn). */
export function keptMaintenance(ctx: AppContext): boolean | undefined {
  const kept = keptSetting(ctx.db, MAINTENANCE_KEY);
  return kept && kept.value === "true";
}

/**
 * Saves a school-wide on/off setting with its `settings.changed` audit entry in one transaction;
 * a switch is a toggle, not a form: its last click wins, no version to send. This process's cache
 * forgets it once committed, so a read in between cannot keep the old value.
 */
export async function saveSwitch(
  ctx: AppContext,
  actor: { userId: number; ip: string },
  key: string,
  value: boolean,
  details: Record<string, unknown>,
): Promise<void> {
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    await writeSetting(trx, key, String(value));
    await recordAudit(trx, { event: "settings.changed", actorUserId: actor.userId, ip: actor.ip, details });
  });
  forgetSetting(ctx.db, key);
}

export function isMaintenanceOn(ctx: AppContext): Promise<boolean> {
  return readSwitch(ctx, MAINTENANCE_KEY);
}

export async function getGeneralSettings(ctx: AppContext): Promise<{ maintenanceMode: boolean }> {
  return { maintenanceMode: await isMaintenanceOn(ctx) };
}

export async function updateGeneralSettings(
  ctx: AppContext,
  actor: { userId: number; ip: string },
  input: { maintenanceMode: boolean },
): Promise<{ maintenanceMode: boolean }> {
  // Details kept as they were before the other sections existed: the audit log's readers know this shape.
  await saveSwitch(ctx, actor, MAINTENANCE_KEY, input.maintenanceMode, { maintenanceMode: input.maintenanceMode });
  return input;
}

/** A school-wide JSON setting of another module (undefined: never saved), through the short cache. */
export async function readJsonSetting(ctx: AppContext, key: string): Promise<unknown> {
  return parseJson(await cachedSetting(ctx.db, key));
}

/** The same as a screen edits it: the stored value and its version (0: never saved). */
export async function readJsonSettingForEdit(
  ctx: AppContext,
  key: string,
): Promise<{ value: unknown; version: number }> {
  const row = await readVersionedSetting(ctx.db, key);
  return { value: parseJson(row.value), version: row.version };
}

/**
 * Saves a JSON setting if it is still at `version` (409 SETTINGS_VERSION_CONFLICT otherwise), with
 * its `settings.changed` audit entry (the section and each field's before/after) in one transaction.
 */
export async function saveJsonSetting(
  ctx: AppContext,
  actor: { userId: number; ip: string },
  opts: { key: string; section: string; before: object; after: object; version: number },
): Promise<void> {
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const version = await writeVersionedSetting(trx, opts.key, JSON.stringify(opts.after), opts.version);
    if (version === undefined) throw versionConflict();
    await recordAudit(trx, {
      event: "settings.changed",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { section: opts.section, version, changes: auditChanges(opts.before, opts.after) },
    });
  });
  forgetSetting(ctx.db, opts.key);
}
