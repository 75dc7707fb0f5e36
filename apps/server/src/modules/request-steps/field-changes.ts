/** One field a staff save changed, as the audit log keeps it. */
export interface FieldChange {
  /** Dotted path into the step's data: `names`, `persons.1.cellPhone`, `allergies.foods.0.item`. */
  field: string;
  /** The value before and after; `null` when the field did not exist on that side. */
  before: unknown;
  after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** The leaves of a JSON value by dotted path (an empty object or list is a leaf of its own). */
function leaves(value: unknown, prefix: string, into: Map<string, unknown>): Map<string, unknown> {
  const entries = isRecord(value)
    ? Object.entries(value)
    : Array.isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : null;
  if (entries === null || entries.length === 0) {
    if (prefix !== "") into.set(prefix, value);
    return into;
  }
  for (const [key, item] of entries) leaves(item, prefix === "" ? key : `${prefix}.${key}`, into);
  return into;
}

/**
 * The fields whose value differs between two saved versions of a step, leaf by leaf, in the order
 * of the new data and then the removed ones. `undefined` and a missing field count as `null`.
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const old = leaves(before, "", new Map());
  const now = leaves(after, "", new Map());
  const changes: FieldChange[] = [];
  for (const [field, value] of now) {
    const previous = old.get(field) ?? null;
    if (JSON.stringify(previous) !== JSON.stringify(value ?? null)) {
      changes.push({ field, before: previous, after: value ?? null });
    }
  }
  for (const [field, value] of old) {
    if (!now.has(field) && value !== null && value !== undefined) changes.push({ field, before: value, after: null });
  }
  return changes;
}
