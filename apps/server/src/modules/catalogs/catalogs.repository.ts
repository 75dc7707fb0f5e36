import type { CatalogName } from "@portal/shared/catalogs";
import type { Language } from "@portal/shared/languages";
import type { CatalogItem } from "@portal/shared/schemas/responses";
import type { Db } from "../../db/database.ts";

export async function listCatalog(db: Db, name: CatalogName, language: Language): Promise<CatalogItem[]> {
  const rows = await db
    .selectFrom("catalog_items")
    .select(["code", "sort_order", "label_es", "label_en", "label_fr", "extra"])
    .where("catalog", "=", name)
    .orderBy("sort_order")
    .execute();
  return rows.map((row) => ({
    code: row.code,
    label: language === "en" ? row.label_en : language === "fr" ? row.label_fr : row.label_es,
    order: row.sort_order,
    ...(row.extra ? { extra: JSON.parse(row.extra) as Record<string, string> } : {}),
  }));
}
