import type { CatalogName } from "@portal/shared/catalogs";
import type { Language } from "@portal/shared/languages";
import type { CatalogItem } from "@portal/shared/schemas/responses";
import type { Db } from "../../db/database.ts";
import { listCatalog, listCatalogLabels } from "./catalogs.repository.ts";

/** A catalogue's entries in `language`, for the modules that label or check codes with it. */
export function catalogEntries(db: Db, name: CatalogName, language: Language): Promise<CatalogItem[]> {
  return listCatalog(db, name, language);
}

/** The labels in every language of the given codes in the given catalogues (a PDF's or a record's values). */
export function catalogLabels(db: Db, catalogs: string[], codes: string[]) {
  return listCatalogLabels(db, catalogs, codes);
}
