import type { Db } from "../../db/database.ts";

export interface LimitRow {
  kind: string;
  max_bytes: number;
  types: string;
  version: number;
}

export function listLimitRows(db: Db): Promise<LimitRow[]> {
  return db.selectFrom("upload_limits").select(["kind", "max_bytes", "types", "version"]).execute();
}

export function findLimitRow(db: Db, kind: string): Promise<LimitRow | undefined> {
  return db
    .selectFrom("upload_limits")
    .select(["kind", "max_bytes", "types", "version"])
    .where("kind", "=", kind)
    .executeTakeFirst();
}

/**
 * Saves one kind's limits if nobody saved it since `version` (1 for a kind still on its
 * defaults, which has no row yet). False when the version is stale: the caller answers 409.
 */
export async function saveLimitRow(
  db: Db,
  values: { kind: string; maxBytes: number; types: string; version: number; now: string },
): Promise<boolean> {
  if (values.version === 1) {
    const inserted = await db
      .insertInto("upload_limits")
      .values({
        kind: values.kind,
        max_bytes: values.maxBytes,
        types: values.types,
        version: 2,
        updated_at: values.now,
      })
      .onConflict((oc) => oc.column("kind").doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const updated = await db
    .updateTable("upload_limits")
    .set({ max_bytes: values.maxBytes, types: values.types, version: values.version + 1, updated_at: values.now })
    .where("kind", "=", values.kind)
    .where("version", "=", values.version)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}
