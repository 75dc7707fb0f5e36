import { translate } from "@portal/i18n/translate";
import { LANGUAGE_CODES, type Language } from "@portal/shared/languages";
import type { LevelCode } from "@portal/shared/rules/levels";
import type {
  DocumentFeesSave,
  DocumentVersion,
  SchoolDocumentAdmin,
  SchoolDocumentCreate,
  SchoolDocumentDraft,
  SchoolDocumentRule,
  SchoolDocumentsAdmin,
} from "@portal/shared/schemas/school-documents";
import { ONLINE_DOCUMENTS, unknownFields } from "@portal/shared/school-documents";
import type { AppContext } from "../../context.ts";
import { nowIso, writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError } from "../../lib/errors.ts";
import { ensureYearDocuments } from "./document-seed.ts";
import { ruleOf } from "./document-texts.service.ts";
import {
  bumpDocument,
  type DocumentRow,
  findCurrentYearId,
  findDocument,
  findFees,
  findSchoolYear,
  insertDocument,
  insertVersion,
  listVersions,
  listYearDocuments,
  markPublished,
  updateDraft,
  type VersionRow,
  writeFees,
} from "./school-documents.repository.ts";

/* Settings › Documents (docs/rules/documents.md "The school's own documents"), the Admin's alone. */

export interface Actor {
  userId: number;
  ip: string;
  lang: Language;
  /** The session's year: the page's default. */
  schoolYearId: number | null;
}

const texts = (row: VersionRow, prefix: "title" | "body") => ({
  es: row[`${prefix}_es`],
  en: row[`${prefix}_en`],
  fr: row[`${prefix}_fr`],
});

function versionOf(row: VersionRow): DocumentVersion {
  return {
    id: row.id,
    number: row.number,
    titles: texts(row, "title"),
    bodies: texts(row, "body"),
    createdAt: row.created_at,
    publishedAt: row.published_at,
    publishedBy: row.published_by_email ?? null,
  };
}

function toAdmin(row: DocumentRow, versions: VersionRow[]): SchoolDocumentAdmin {
  const mine = versions.filter((v) => v.document_id === row.id);
  const published = mine.filter((v) => v.published_at).reverse();
  const draft = mine.find((v) => !v.published_at);
  const rule = ruleOf(row);
  return {
    id: row.id,
    key: row.key,
    builtIn: Number(row.built_in) === 1,
    online: ONLINE_DOCUMENTS.includes(row.key),
    audience: rule.audience as SchoolDocumentAdmin["audience"],
    levels: rule.levels as LevelCode[] | null,
    version: Number(row.version),
    draft: draft ? versionOf(draft) : null,
    inForce: published[0] ? versionOf(published[0]) : null,
    history: published.map(versionOf),
  };
}

async function yearOrNotFound(ctx: AppContext, schoolYearId: number) {
  const year = await findSchoolYear(ctx.db, schoolYearId);
  if (!year) throw new AppError(404, "NOT_FOUND");
  return year;
}

/** GET /api/settings/documents. */
export async function listSchoolDocuments(
  ctx: AppContext,
  actor: Actor,
  schoolYearId?: number,
): Promise<SchoolDocumentsAdmin> {
  const yearId = schoolYearId ?? actor.schoolYearId ?? (await findCurrentYearId(ctx.db)) ?? 0;
  await yearOrNotFound(ctx, yearId);
  await ensureYearDocuments(ctx.db, ctx.engine, yearId);
  const rows = await listYearDocuments(ctx.db, yearId);
  const versions = await listVersions(
    ctx.db,
    rows.map((r) => r.id),
  );
  const fees = await findFees(ctx.db, yearId);
  return {
    schoolYearId: yearId,
    documents: rows.map((row) => toAdmin(row, versions)),
    fees: {
      texts: { es: fees?.fees_es ?? "", en: fees?.fees_en ?? "", fr: fees?.fees_fr ?? "" },
      version: fees ? Number(fees.version) : 0,
    },
  };
}

export async function oneDocument(ctx: AppContext, documentId: number): Promise<SchoolDocumentAdmin> {
  const row = await findDocument(ctx.db, documentId);
  if (!row) throw new AppError(404, "NOT_FOUND");
  return toAdmin(row, await listVersions(ctx.db, [row.id]));
}

/** A 400 naming the placeholders the portal cannot fill, under the text that holds them. */
export function checkFields(
  lang: Language,
  draft: { bodies: Record<Language, string>; titles?: Record<Language, string> },
) {
  const fields: Record<string, string> = {};
  const all = new Set<string>();
  for (const language of LANGUAGE_CODES) {
    const names = [...unknownFields(draft.bodies[language]), ...unknownFields(draft.titles?.[language] ?? "")];
    if (names.length === 0) continue;
    for (const name of names) all.add(name);
    fields[`bodies.${language}`] = translate(lang, "errors:DOCUMENT_FIELD_UNKNOWN", { fields: names.join(", ") });
  }
  if (all.size > 0) throw new AppError(400, "DOCUMENT_FIELD_UNKNOWN", { fields: [...all].join(", ") }, fields);
}

async function guarded(
  ctx: AppContext,
  documentId: number,
  expected: number,
  work: (trx: typeof ctx.db, row: DocumentRow) => Promise<void>,
  set?: { audience?: string; levels?: string | null },
) {
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const row = await findDocument(trx, documentId);
    if (!row) throw new AppError(404, "NOT_FOUND");
    if (!(await bumpDocument(trx, documentId, expected, set))) throw new AppError(409, "VERSION_CONFLICT");
    await work(trx, row);
  });
  return oneDocument(ctx, documentId);
}

/** PUT …/:documentId/draft: the draft written (a new version after the one in force if none). */
export async function saveDraft(ctx: AppContext, actor: Actor, documentId: number, body: SchoolDocumentDraft) {
  checkFields(actor.lang, body);
  const values = {
    title_es: body.titles.es,
    title_en: body.titles.en,
    title_fr: body.titles.fr,
    body_es: body.bodies.es,
    body_en: body.bodies.en,
    body_fr: body.bodies.fr,
  };
  return guarded(ctx, documentId, body.expectedVersion, async (trx) => {
    const versions = await listVersions(trx, [documentId]);
    const draft = versions.find((v) => !v.published_at);
    if (draft) await updateDraft(trx, draft.id, values);
    else {
      const number = (versions.at(-1)?.number ?? 0) + 1;
      await insertVersion(trx, {
        document_id: documentId,
        number,
        ...values,
        created_by: actor.userId,
        created_at: nowIso(),
        published_by: null,
        published_at: null,
      });
    }
  });
}

/** POST …/:documentId/publish: the draft, complete in every language, becomes the version in force. */
export async function publishDraft(ctx: AppContext, actor: Actor, documentId: number, expectedVersion: number) {
  return guarded(ctx, documentId, expectedVersion, async (trx, row) => {
    const versions = await listVersions(trx, [documentId]);
    const draft = versions.find((v) => !v.published_at);
    if (!draft) throw new AppError(409, "DOCUMENT_NO_DRAFT");
    const empty = LANGUAGE_CODES.filter((l) => !draft[`body_${l}`].trim() || !draft[`title_${l}`].trim());
    if (empty.length > 0) {
      const fields = Object.fromEntries(
        empty.map((l) => [`bodies.${l}`, translate(actor.lang, "errors:DOCUMENT_TEXT_EMPTY", { languages: l })]),
      );
      throw new AppError(400, "DOCUMENT_TEXT_EMPTY", { languages: empty.join(", ") }, fields);
    }
    checkFields(actor.lang, { bodies: texts(draft, "body"), titles: texts(draft, "title") });
    await markPublished(trx, draft.id, actor.userId, nowIso());
    const previous = versions.filter((v) => v.published_at).at(-1);
    await recordAudit(trx, {
      event: "schoolDocument.published",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: {
        schoolYearId: row.school_year_id,
        document: row.key,
        version: draft.number,
        versionId: draft.id,
        previousVersion: previous?.number ?? null,
      },
    });
  });
}

/** PUT …/:documentId/rule: which requests need the document. */
export async function saveRule(ctx: AppContext, actor: Actor, documentId: number, body: SchoolDocumentRule) {
  const levels = body.levels ? JSON.stringify([...new Set(body.levels)]) : null;
  return guarded(
    ctx,
    documentId,
    body.expectedVersion,
    async (trx, row) => {
      const before = ruleOf(row);
      await recordAudit(trx, {
        event: "schoolDocument.ruleChanged",
        actorUserId: actor.userId,
        ip: actor.ip,
        details: {
          schoolYearId: row.school_year_id,
          document: row.key,
          changes: [
            { field: "audience", before: before.audience, after: body.audience },
            { field: "levels", before: before.levels, after: body.levels },
          ].filter((change) => JSON.stringify(change.before) !== JSON.stringify(change.after)),
        },
      });
    },
    { audience: body.audience, levels },
  );
}

/** POST /api/settings/documents: a document of the school's own, its first draft holding its titles. */
export async function createDocument(ctx: AppContext, actor: Actor, body: SchoolDocumentCreate) {
  await yearOrNotFound(ctx, body.schoolYearId);
  await ensureYearDocuments(ctx.db, ctx.engine, body.schoolYearId);
  const id = await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const rows = await listYearDocuments(trx, body.schoolYearId);
    const custom = rows.filter((r) => r.key.startsWith("custom-")).map((r) => Number(r.key.slice(7)) || 0);
    const key = `custom-${Math.max(0, ...custom) + 1}`;
    const at = nowIso();
    const documentId = await insertDocument(trx, {
      school_year_id: body.schoolYearId,
      key,
      position: rows.length,
      built_in: 0,
      created_at: at,
    });
    if (documentId === undefined) throw new AppError(409, "VERSION_CONFLICT");
    const { es, en, fr } = body.titles;
    await insertVersion(trx, {
      document_id: documentId,
      number: 1,
      title_es: es,
      title_en: en,
      title_fr: fr,
      body_es: "",
      body_en: "",
      body_fr: "",
      created_by: actor.userId,
      created_at: at,
      published_by: null,
      published_at: null,
    });
    await recordAudit(trx, {
      event: "schoolDocument.created",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { schoolYearId: body.schoolYearId, document: key, title: es },
    });
    return documentId;
  });
  return oneDocument(ctx, id);
}

/** PUT /api/settings/document-fees/:schoolYearId: the year's fees text. */
export async function saveFees(ctx: AppContext, actor: Actor, schoolYearId: number, body: DocumentFeesSave) {
  await yearOrNotFound(ctx, schoolYearId);
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const before = await findFees(trx, schoolYearId);
    const row = {
      fees_es: body.texts.es,
      fees_en: body.texts.en,
      fees_fr: body.texts.fr,
      updated_by: actor.userId,
      updated_at: nowIso(),
    };
    if (!(await writeFees(trx, schoolYearId, body.expectedVersion, row))) throw new AppError(409, "VERSION_CONFLICT");
    await recordAudit(trx, {
      event: "schoolDocument.feesChanged",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: {
        schoolYearId,
        changes: LANGUAGE_CODES.filter((l) => (before?.[`fees_${l}`] ?? "") !== body.texts[l]).map((l) => ({
          field: `fees.${l}`,
          before: before?.[`fees_${l}`] ?? "",
          after: body.texts[l],
        })),
      },
    });
  });
  return listSchoolDocuments(ctx, actor, schoolYearId);
}
