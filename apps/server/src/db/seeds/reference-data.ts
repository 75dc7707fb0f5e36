import { CATALOG_NAMES, type CatalogName } from "@portal/shared/catalogs";
import type { Db } from "../database.ts";
import { type CatalogEntry, STATIC_CATALOGS } from "./catalog-data.ts";
import { countryEntries } from "./countries.ts";

function entriesFor(name: CatalogName): CatalogEntry[] {
  return name === "countries" || name === "nationalities" ? countryEntries() : STATIC_CATALOGS[name];
}

/**
 * Data every school needs, demo or not: the catalogues, the elections' positions, and a current school year when none
 * exists yet (so a fresh production install can log in). Idempotent; runs at every start.
 */
export async function seedReferenceData(db: Db, today = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const catalog of CATALOG_NAMES) {
      const rows = entriesFor(catalog).map((entry, index) => ({
        catalog,
        code: entry.code,
        sort_order: index + 1,
        label_es: entry.es,
        label_en: entry.en,
        label_fr: entry.fr,
        extra: entry.extra ? JSON.stringify(entry.extra) : null,
      }));
      await trx
        .insertInto("catalog_items")
        .values(rows)
        .onConflict((oc) => oc.columns(["catalog", "code"]).doNothing())
        .execute();
    }
    // The two positions the election count names (modules/elections/election-result.ts).
    await trx
      .insertInto("election_positions")
      .values([
        { code: "titular", name_es: "Titular", name_en: "Member", name_fr: "Titulaire", sort_order: 1 },
        { code: "substitute", name_es: "Suplente", name_en: "Substitute", name_fr: "Suppléant", sort_order: 2 },
      ])
      .onConflict((oc) => oc.column("code").doNothing())
      .execute();
    const anyYear = await trx.selectFrom("school_years").select("id").limit(1).executeTakeFirst();
    if (!anyYear) {
      // A school year runs September to July in Ecuador's Sierra region: from August on, the next one.
      const start = today.getUTCMonth() >= 7 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
      await trx
        .insertInto("school_years")
        .values({
          id: 1,
          label: `${start}-${start + 1}`,
          starts_on: `${start}-09-01`,
          ends_on: `${start + 1}-07-15`,
          is_current: 1,
          // No window dates: both windows follow this switch (open) until the Admin sets them in
          // Settings › School year, so a fresh install enrolls at once.
          enrollment_open: 1,
        })
        .execute();
    }
  });
}
