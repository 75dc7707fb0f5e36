import type { Db } from "../../db/database.ts";
import { CATALOG_FIELDS } from "./catalog-usage.ts";

/** Step field name → its catalogue, for the lists an Admin may disable or delete. */
const FIELD_CATALOG = new Map<string, string>(
  Object.entries(CATALOG_FIELDS)
    .filter(([catalog]) => catalog !== "levels" && catalog !== "identificationTypes")
    .flatMap(([catalog, fields]) => fields.map((field): [string, string] => [field, catalog])),
);

interface Choice {
  catalog: string;
  code: string;
  /** The field's path as the error names it ("emergencyContacts.0.relationship"). */
  path: string;
}

/** Every catalogue code a step's data holds, with where. */
function choicesIn(value: unknown, path: string[] = [], into: Choice[] = []): Choice[] {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) choicesIn(item, [...path, String(index)], into);
  } else if (value !== null && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      const catalog = FIELD_CATALOG.get(key);
      if (catalog && typeof inner === "string" && inner !== "")
        into.push({ catalog, code: inner, path: [...path, key].join(".") });
      else choicesIn(inner, [...path, key], into);
    }
  }
  return into;
}

/**
 * The field of the first NEW choice that is not an enabled entry of its list (unknown, disabled or
 * deleted by the Admin), or null. A code the step already held (its saved version) is kept: the
 * record keeps its value, only new choices are refused. One small query, and none when the save
 * chooses nothing new.
 */
export async function refusedChoiceField(db: Db, data: unknown, previous: unknown): Promise<string | null> {
  const held = new Set(choicesIn(previous).map((choice) => `${choice.catalog}:${choice.code}`));
  const fresh = choicesIn(data).filter((choice) => !held.has(`${choice.catalog}:${choice.code}`));
  if (fresh.length === 0) return null;
  const rows = await db
    .selectFrom("catalog_items")
    .select(["catalog", "code"])
    .where("catalog", "in", [...new Set(fresh.map((choice) => choice.catalog))])
    .where("code", "in", [...new Set(fresh.map((choice) => choice.code))])
    .where("disabled", "=", 0)
    .where("deleted_at", "is", null)
    .execute();
  const enabled = new Set(rows.map((row) => `${row.catalog}:${row.code}`));
  return fresh.find((choice) => !enabled.has(`${choice.catalog}:${choice.code}`))?.path ?? null;
}
