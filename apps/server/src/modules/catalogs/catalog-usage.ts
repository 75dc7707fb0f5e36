import type { CatalogName } from "@portal/shared/catalogs";
import type { Db } from "../../db/database.ts";

/**
 * Where records hold catalogue codes ("an entry in use cannot be deleted"). The wizard's
 * steps are stored as JSON in `enrollment_steps.data` (drafts and sent files alike, and the staff's
 * module edits write there too); the level is also a column of `enrollment_files` and `requests`.
 * The keys below are the step schemas' catalogue fields (packages/shared/src/schemas/enrollment/),
 * wherever they sit in a step: representatives, emergency contacts, authorized persons (arrays).
 */
export const CATALOG_FIELDS: Record<Exclude<CatalogName, "countries" | "nationalities">, readonly string[]> = {
  levels: ["levelCode"],
  relationships: ["relationshipStudentCode", "relationship"],
  identificationTypes: ["typeIdentification"],
  civilStatus: ["civilStatus"],
  bloodTypes: ["bloodType"],
  professionalSituations: ["professionalSituation"],
  socioProfessionalCategories: ["categoryWork"],
  paymentMethods: ["paymentMethod"],
  prefixes: ["prefix"],
  leavingReasons: [],
};

/** True when `value` (a step's JSON, parsed) holds `code` under one of `keys`, at any depth. */
export function holdsCode(value: unknown, keys: readonly string[], code: string): boolean {
  if (Array.isArray(value)) return value.some((item) => holdsCode(item, keys, code));
  if (value === null || typeof value !== "object") return false;
  for (const [key, inner] of Object.entries(value)) {
    if (keys.includes(key) && (inner === code || (typeof inner === "number" && String(inner) === code))) return true;
    if (typeof inner === "object" && holdsCode(inner, keys, code)) return true;
  }
  return false;
}

/**
 * Whether any record holds the code. The SQL narrows the steps to those whose JSON text contains
 * the code (portable LIKE: a superset on both engines, SQLite's being case-insensitive and "_",
 * allowed in codes, matching any character); each candidate is then parsed and checked
 * field by field, so "O+" inside a free text never counts as a blood type.
 */
export async function isCatalogCodeInUse(db: Db, catalog: CatalogName, code: string): Promise<boolean> {
  if (catalog === "countries" || catalog === "nationalities") return true;
  if (catalog === "leavingReasons") {
    // Held by the re-enrollment campaigns' answers only (docs/rules/campaigns.md).
    const answer = await db
      .selectFrom("campaign_children")
      .select("student_id")
      .where("reason_code", "=", code)
      .limit(1);
    return (await answer.execute()).length > 0;
  }
  const keys = CATALOG_FIELDS[catalog];
  if (catalog === "levels") {
    const file = await db.selectFrom("enrollment_files").select("id").where("level_code", "=", code).limit(1).execute();
    const request = await db.selectFrom("requests").select("id").where("level_code", "=", code).limit(1).execute();
    if (file.length > 0 || request.length > 0) return true;
  }
  const candidates = await db
    .selectFrom("enrollment_steps")
    .select("data")
    .where("data", "like", `%${code}%`)
    .execute();
  return candidates.some((row) => holdsCode(JSON.parse(row.data) as unknown, keys, code));
}
