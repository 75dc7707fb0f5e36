import type { Language } from "@portal/shared/languages";
import { ONLINE_DOCUMENTS } from "@portal/shared/school-documents";
import type { AppContext } from "../../context.ts";
import { nowIso } from "../../db/database.ts";
import { ensureYearDocuments } from "./document-seed.ts";
import {
  type DocumentRow,
  findFees,
  findVersionsById,
  insertPins,
  listPins,
  listVersions,
  listYearDocuments,
} from "./school-documents.repository.ts";
import { versionsInForce } from "./versions-in-force.ts";

/*
 * Which of the school's documents a request needs and in which wording (docs/rules/documents.md
 * "The school's own documents"): the rule (new students, re-enrollments, levels) picks them; a
 * sent file keeps the version it was first drawn with (pinned once, at the first reading after
 * sending: the confirmation e-mail's PDFs), a draft reads the versions in force.
 */

export type Texts = Record<Language, string>;

export interface FileDocumentText {
  documentId: number;
  key: string;
  builtIn: boolean;
  /** Accepted online in the terms step, not printed in the documents to sign. */
  online: boolean;
  versionId: number;
  titles: Texts;
  bodies: Texts;
}

export interface DocumentRule {
  audience: string;
  levels: string[] | null;
}

export function ruleOf(row: Pick<DocumentRow, "audience" | "levels">): DocumentRule {
  let levels: string[] | null = null;
  try {
    const parsed: unknown = row.levels ? JSON.parse(row.levels) : null;
    if (Array.isArray(parsed)) levels = parsed.filter((code): code is string => typeof code === "string");
  } catch {
    levels = null;
  }
  return { audience: row.audience, levels };
}

/** Whether the rule asks this request for the document (a file without a level yet: every level). */
export function ruleApplies(rule: DocumentRule, isNewStudent: boolean, levelCode: string | null): boolean {
  if (rule.audience === "none") return false;
  if (rule.audience === "new" && !isNewStudent) return false;
  if (rule.audience === "reenrollment" && isNewStudent) return false;
  return rule.levels === null || levelCode === null || rule.levels.includes(levelCode);
}

const textsOf = (row: Record<string, unknown>, prefix: "title" | "body"): Texts => ({
  es: String(row[`${prefix}_es`] ?? ""),
  en: String(row[`${prefix}_en`] ?? ""),
  fr: String(row[`${prefix}_fr`] ?? ""),
});

export interface FileForDocuments {
  fileId: number;
  schoolYearId: number;
  isNewStudent: boolean;
  levelCode: string | null;
  /** Sent: the versions are pinned; a draft reads the ones in force. */
  sent: boolean;
}

/** A document handed in on paper: its key, its rule and its title in force. */
export interface HandInDocument extends DocumentRule {
  key: string;
  titles: Texts;
}

/**
 * The year's documents the hand-in checklist may ask for (docs/rules/documents.md "The documents
 * page"): those not accepted online that have a version in force (a document never published is
 * neither printed nor signed), in the year's order, with their rules and their titles in force.
 */
export async function yearHandInDocuments(ctx: AppContext, schoolYearId: number): Promise<HandInDocument[]> {
  await ensureYearDocuments(ctx.db, ctx.engine, schoolYearId);
  const rows = (await listYearDocuments(ctx.db, schoolYearId)).filter((row) => !ONLINE_DOCUMENTS.includes(row.key));
  const inForce = versionsInForce(
    await listVersions(
      ctx.db,
      rows.map((row) => row.id),
    ),
  );
  return rows.flatMap((row) => {
    const version = inForce.get(row.id);
    return version ? [{ key: row.key, ...ruleOf(row), titles: textsOf(version, "title") }] : [];
  });
}

/** The documents this file needs, in the year's order, each in its version for the file. */
export async function documentsForFile(ctx: AppContext, file: FileForDocuments): Promise<FileDocumentText[]> {
  await ensureYearDocuments(ctx.db, ctx.engine, file.schoolYearId);
  const documents = (await listYearDocuments(ctx.db, file.schoolYearId)).filter((row) =>
    ruleApplies(ruleOf(row), file.isNewStudent, file.levelCode),
  );
  if (documents.length === 0) return [];
  const versions = await listVersions(
    ctx.db,
    documents.map((d) => d.id),
  );
  const inForce = versionsInForce(versions);
  const pinned = new Map<number, number>();
  if (file.sent) {
    for (const pin of await listPins(ctx.db, file.fileId)) pinned.set(pin.document_id, pin.version_id);
    const missing = documents.filter((d) => !pinned.has(d.id) && inForce.has(d.id));
    if (missing.length > 0) {
      await insertPins(
        ctx.db,
        missing.map((d) => ({
          file_id: file.fileId,
          document_id: d.id,
          version_id: inForce.get(d.id)!.id,
          pinned_at: nowIso(),
        })),
      );
      // Another reader may have pinned first: what the table holds is the answer.
      for (const pin of await listPins(ctx.db, file.fileId)) pinned.set(pin.document_id, pin.version_id);
    }
  }
  const byId = new Map(versions.map((v) => [v.id, v] as const));
  const extra = [...pinned.values()].filter((id) => !byId.has(id));
  for (const row of await findVersionsById(ctx.db, extra)) byId.set(row.id, { ...row, published_by_email: null });
  return documents.flatMap((document) => {
    const pin = pinned.get(document.id);
    const version = pin !== undefined ? byId.get(pin) : inForce.get(document.id);
    if (!version) return [];
    return [
      {
        documentId: document.id,
        key: document.key,
        builtIn: Number(document.built_in) === 1,
        online: ONLINE_DOCUMENTS.includes(document.key),
        versionId: version.id,
        titles: textsOf(version, "title"),
        bodies: textsOf(version, "body"),
      },
    ];
  });
}

/** The year's fees text (empty until the Admin writes one). */
export async function feesText(ctx: AppContext, schoolYearId: number): Promise<Texts> {
  const row = await findFees(ctx.db, schoolYearId);
  return { es: row?.fees_es ?? "", en: row?.fees_en ?? "", fr: row?.fees_fr ?? "" };
}
