import type { CatalogItem } from "@portal/shared/schemas/responses";

/** `disabled`: an entry the Admin disabled, shown (a record holds it) but not to be chosen anew. */
export type CatalogChoice = { value: string; label: string; disabled?: boolean };

/** Every code and number a saved record holds, at any depth: the values a select must keep offering. */
function heldValues(record: unknown, into = new Set<string>()): Set<string> {
  if (typeof record === "string" || typeof record === "number") into.add(String(record));
  else if (Array.isArray(record)) for (const item of record) heldValues(item, into);
  else if (record && typeof record === "object") for (const value of Object.values(record)) heldValues(value, into);
  return into;
}

/**
 * A catalogue as select options. Without `saved`, disabled entries stay in the list, marked
 * disabled (a label for a stored value, never a new choice). With the record's `saved` data, a
 * form offers the enabled entries plus the disabled ones the record already holds.
 */
export function toOptions(items: readonly CatalogItem[], saved?: unknown): CatalogChoice[] {
  const held = saved === undefined ? null : heldValues(saved);
  return items
    .filter((item) => !item.disabled || held === null || held.has(item.code))
    .map((item) =>
      item.disabled && held === null
        ? { value: item.code, label: item.label, disabled: true }
        : { value: item.code, label: item.label },
    );
}
