import type { Language } from "@portal/shared/languages";
import type { DocumentListItem } from "@portal/shared/schemas/documents";
import type { Db } from "../../db/database.ts";
import { type HandInDocument, ruleApplies } from "../school-documents/document-texts.service.ts";
import { type DocumentRow, listReceivedItems, listSignedByFamily } from "./documents.repository.ts";

/*
 * The hand-in checklist of a request (docs/rules/documents.md "The documents page"): the year's
 * documents not accepted online that its rules ask of the request (audience and level), the exit
 * authorization only where the family chose an exit, in the year's order; each received on paper
 * or signed online by every representative. The list's SQL filters decide "missing" the same way
 * (documents.repository.ts `missing`).
 */

export type ChecklistEntry = DocumentListItem["checklist"][number];

/** What of a row the checklist depends on. */
export type ChecklistRow = Pick<DocumentRow, "id" | "is_new_student" | "level_code" | "exit_required">;

/** The title in the reader's language, the Spanish one where the school left it empty, else the key. */
export function titleIn(document: Pick<HandInDocument, "key" | "titles">, lang: Language): string {
  return document.titles[lang] || document.titles.es || document.key;
}

/** The documents the request must hand in. */
export function requiredDocuments(documents: readonly HandInDocument[], row: Omit<ChecklistRow, "id">) {
  return documents.filter(
    (document) =>
      ruleApplies(document, Number(row.is_new_student) === 1, row.level_code) &&
      (document.key !== "exitAuthorization" || Number(row.exit_required) === 1),
  );
}

/** Enough ids per query for any engine's parameter limit. */
const CHUNK = 500;

async function byChunks<T>(ids: number[], read: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let at = 0; at < ids.length; at += CHUNK) out.push(...(await read(ids.slice(at, at + CHUNK))));
  return out;
}

/** Each row's checklist, read in two queries for the whole page. */
export async function checklistsOf(
  db: Db,
  documents: readonly HandInDocument[],
  rows: readonly ChecklistRow[],
  lang: Language,
): Promise<Map<number, ChecklistEntry[]>> {
  const ids = rows.map((row) => row.id);
  const [received, signed] = await Promise.all([
    byChunks(ids, (chunk) => listReceivedItems(db, chunk)),
    byChunks(ids, (chunk) => listSignedByFamily(db, chunk)),
  ]);
  const receivedSet = new Set(received.map((row) => `${row.request_id}:${row.item}`));
  const signedSet = new Set(signed.map((row) => `${row.request_id}:${row.key}`));
  const out = new Map<number, ChecklistEntry[]>();
  for (const row of rows) {
    out.set(
      row.id,
      requiredDocuments(documents, row).map((document) => ({
        item: document.key,
        title: titleIn(document, lang),
        received: receivedSet.has(`${row.id}:${document.key}`),
        signedOnline: signedSet.has(`${row.id}:${document.key}`),
      })),
    );
  }
  return out;
}

/** Neither handed in on paper nor signed online by the family. */
export const isMissing = (entry: Pick<ChecklistEntry, "received" | "signedOnline">) =>
  !entry.received && !entry.signedOnline;
