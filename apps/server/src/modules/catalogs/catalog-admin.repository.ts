import type { Db } from "../../db/database.ts";

/** Settings › Catalogues' reads and writes on `catalog_items`; the rules live in the service. */

const COLUMNS = [
  "id",
  "catalog",
  "code",
  "sort_order",
  "label_es",
  "label_en",
  "label_fr",
  "disabled",
  "version",
] as const;

export type CatalogRow = Awaited<ReturnType<typeof listCatalogRows>>[number];

/** Every entry not deleted, in order. */
export function listCatalogRows(db: Db, catalog: string) {
  return db
    .selectFrom("catalog_items")
    .select(COLUMNS)
    .where("catalog", "=", catalog)
    .where("deleted_at", "is", null)
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
}

export function findCatalogRow(db: Db, catalog: string, id: number) {
  return db
    .selectFrom("catalog_items")
    .select(COLUMNS)
    .where("catalog", "=", catalog)
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

/** Every code the catalogue ever had, deleted ones included (the unique constraint covers them). */
export async function listAllCodes(db: Db, catalog: string): Promise<{ code: string; deleted: boolean }[]> {
  const rows = await db
    .selectFrom("catalog_items")
    .select(["code", "deleted_at"])
    .where("catalog", "=", catalog)
    .execute();
  return rows.map((row) => ({ code: row.code, deleted: row.deleted_at !== null }));
}

export interface NewCatalogRow {
  catalog: string;
  code: string;
  sortOrder: number;
  labels: { es: string; en: string; fr: string };
}

/** Inserts an entry, or brings a deleted one with the same code back as a new entry. */
export async function insertCatalogRow(db: Db, row: NewCatalogRow, reviveDeleted: boolean): Promise<number> {
  const values = {
    sort_order: row.sortOrder,
    label_es: row.labels.es,
    label_en: row.labels.en,
    label_fr: row.labels.fr,
    disabled: 0,
    deleted_at: null,
  };
  if (reviveDeleted) {
    const revived = await db
      .updateTable("catalog_items")
      .set((eb) => ({ ...values, extra: null, version: eb("version", "+", 1) }))
      .where("catalog", "=", row.catalog)
      .where("code", "=", row.code)
      .returning("id")
      .executeTakeFirstOrThrow();
    return revived.id;
  }
  const inserted = await db
    .insertInto("catalog_items")
    .values({ catalog: row.catalog, code: row.code, extra: null, ...values })
    .returning("id")
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * Applies a change only while the row still has the version the Admin read; answers whether it
 * did (false: someone changed it since, or it is gone).
 */
export async function updateCatalogRowIf(
  db: Db,
  id: number,
  version: number,
  changes: Partial<{ label_es: string; label_en: string; label_fr: string; disabled: number; sort_order: number }>,
): Promise<boolean> {
  const result = await db
    .updateTable("catalog_items")
    .set((eb) => ({ ...changes, version: eb("version", "+", 1) }))
    .where("id", "=", id)
    .where("version", "=", version)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markCatalogRowDeleted(db: Db, id: number, deletedAt: string): Promise<void> {
  await db
    .updateTable("catalog_items")
    .set((eb) => ({ deleted_at: deletedAt, disabled: 0, version: eb("version", "+", 1) }))
    .where("id", "=", id)
    .execute();
}
