import type { CatalogName } from "@portal/shared/catalogs";
import type { Language } from "@portal/shared/languages";
import type { CatalogItem } from "@portal/shared/schemas/responses";
import type { Db } from "../../db/database.ts";

/**
 * A catalogue as the forms read it, in the request's language: every entry not deleted, disabled
 * ones flagged (a form still labels a stored value with them). No cache, so an Admin's rename is
 * read by the next request of every process; `order` is the position, 1 to n.
 */
export async function listCatalog(db: Db, name: CatalogName, language: Language): Promise<CatalogItem[]> {
  const rows = await db
    .selectFrom("catalog_items")
    .select(["code", "label_es", "label_en", "label_fr", "extra", "disabled"])
    .where("catalog", "=", name)
    .where("deleted_at", "is", null)
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
  return rows.map((row, index) => ({
    code: row.code,
    label: language === "en" ? row.label_en : language === "fr" ? row.label_fr : row.label_es,
    order: index + 1,
    ...(row.extra ? { extra: JSON.parse(row.extra) as Record<string, string> } : {}),
    disabled: Number(row.disabled) === 1,
  }));
}

/** Labels of the given codes of the given catalogues, in the three languages. */
export function listCatalogLabels(db: Db, catalogs: string[], codes: string[]) {
  if (catalogs.length === 0 || codes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("catalog_items")
    .select(["catalog", "code", "label_es", "label_en", "label_fr"])
    .where("catalog", "in", catalogs)
    .where("code", "in", codes)
    .execute();
}
