import { LANGUAGE_CODES } from "@portal/shared/languages";
import { BUILT_IN_DOCUMENTS } from "@portal/shared/school-documents";
import type { Db, Engine } from "../../db/database.ts";
import { nowIso, writeTransaction } from "../../db/database.ts";
import { findSchoolYearRow } from "../../kernel/school-years.ts";
import { builtInTemplate } from "./document-templates.ts";
import {
  insertDocument,
  insertVersion,
  listSchoolYearIds,
  listVersions,
  listYearDocuments,
} from "./school-documents.repository.ts";
import { versionsInForce } from "./versions-in-force.ts";

/*
 * Every school year has its documents (docs/rules/documents.md "The school's own documents"): on
 * start for the years that exist (an upgrade: the portal's texts become version 1, so families
 * read what they read before), and for a year created since, on first use. A new year copies the
 * nearest earlier year's documents (their versions in force and rules), as creating a year copies
 * its settings; a year with none before it gets the portal's texts. Two processes racing insert once: the unique
 * (year, key) decides, the loser writes nothing.
 */

/** Per database (tests open several in one process): the years known to have their documents. */
const ensuredByDb = new WeakMap<Db, Set<number>>();

type Source = { key: string; builtIn: boolean; audience: string; levels: string | null; texts: Record<string, string> };

function templates(): Source[] {
  return BUILT_IN_DOCUMENTS.map((key) => {
    const texts: Record<string, string> = {};
    for (const language of LANGUAGE_CODES) {
      const template = builtInTemplate(key, language);
      texts[`title_${language}`] = template.title;
      texts[`body_${language}`] = template.body;
    }
    return { key, builtIn: true, audience: "both", levels: null, texts };
  });
}

/** The in-force texts and rules of the nearest earlier year that has documents, if any. */
async function copyOfEarlierYear(db: Db, schoolYearId: number): Promise<Source[] | undefined> {
  const all = await listSchoolYearIds(db);
  const startsOn = all.find((year) => year.id === schoolYearId)?.starts_on ?? "";
  const years = all.filter((year) => year.starts_on < startsOn).sort((a, b) => b.starts_on.localeCompare(a.starts_on));
  for (const year of years) {
    const documents = await listYearDocuments(db, year.id);
    if (documents.length === 0) continue;
    const versions = await listVersions(
      db,
      documents.map((d) => d.id),
    );
    const inForceById = versionsInForce(versions);
    return documents.flatMap((document) => {
      const inForce = inForceById.get(document.id);
      if (!inForce) return [];
      const { title_es, title_en, title_fr, body_es, body_en, body_fr } = inForce;
      return [
        {
          key: document.key,
          builtIn: Number(document.built_in) === 1,
          audience: document.audience,
          levels: document.levels,
          texts: { title_es, title_en, title_fr, body_es, body_en, body_fr },
        },
      ];
    });
  }
  return undefined;
}

export async function ensureYearDocuments(db: Db, engine: Engine, schoolYearId: number): Promise<void> {
  const ensured = ensuredByDb.get(db) ?? new Set<number>();
  ensuredByDb.set(db, ensured);
  if (ensured.has(schoolYearId)) return;
  const existing = await listYearDocuments(db, schoolYearId);
  // A year that does not exist (an id typed in a query) has no documents: nothing to write.
  if (existing.length === 0 && !(await findSchoolYearRow(db, schoolYearId))) return;
  if (existing.length === 0) {
    const sources = (await copyOfEarlierYear(db, schoolYearId)) ?? templates();
    await writeTransaction(db, engine, async (trx) => {
      const at = nowIso();
      for (const [position, source] of sources.entries()) {
        const id = await insertDocument(trx, {
          school_year_id: schoolYearId,
          key: source.key,
          position,
          built_in: source.builtIn ? 1 : 0,
          created_at: at,
        });
        if (id === undefined) continue;
        if (source.audience !== "both" || source.levels !== null) {
          await trx
            .updateTable("school_documents")
            .set({ audience: source.audience, levels: source.levels })
            .where("id", "=", id)
            .execute();
        }
        await insertVersion(trx, {
          document_id: id,
          number: 1,
          ...(source.texts as Record<"title_es" | "title_en" | "title_fr" | "body_es" | "body_en" | "body_fr", string>),
          created_by: null,
          created_at: at,
          published_by: null,
          published_at: at,
        });
      }
    });
  }
  ensured.add(schoolYearId);
}

/** On start: every existing year (the upgrade's version 1). */
export async function seedSchoolDocuments(db: Db, engine: Engine): Promise<void> {
  for (const year of await listSchoolYearIds(db)) await ensureYearDocuments(db, engine, year.id);
}
