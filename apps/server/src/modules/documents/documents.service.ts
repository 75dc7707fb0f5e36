import type { Language } from "@portal/shared/languages";
import { rolesFor } from "@portal/shared/permissions";
import { asRequestStatus } from "@portal/shared/request-status";
import type { Role } from "@portal/shared/roles";
import { isLevelCode } from "@portal/shared/rules/levels";
import {
  type DocumentList,
  type DocumentListItem,
  type DocumentListQuery,
  documentListSchema,
  type HandInSave,
  type HandInState,
  type RequestDocuments,
} from "@portal/shared/schemas/documents";
import type { AppContext } from "../../context.ts";
import { nowIso, writeTransaction } from "../../db/database.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError } from "../../lib/errors.ts";
import type { CurrentUser } from "../../plugins/request-types.ts";
import { referencedUploads } from "../enrollment/step-schemas.ts";
import { searchWords } from "../requests/search-text.ts";
import { type HandInDocument, yearHandInDocuments } from "../school-documents/document-texts.service.ts";
import { yearConstants } from "../settings/year-settings.service.ts";
import {
  countDocumentRows,
  type DocumentFilter,
  type DocumentRow,
  findDocumentRow,
  findDocumentRows,
  findHandIn,
  findRequestYear,
  insertHandIn,
  listHandIns,
  listSigningSummaries,
  listStepData,
  listUploads,
  updateHandIn,
} from "./documents.repository.ts";
import { type ChecklistEntry, checklistsOf, isMissing } from "./hand-in-checklist.ts";

const HOUR_MS = 3_600_000;

/** The year's contract signing time (spec 9: 2 hours unless Settings › General says otherwise). */
export async function signingHoursOf(ctx: AppContext, schoolYearId: number): Promise<number> {
  return (await yearConstants(ctx, schoolYearId)).contractSigningHours;
}

export function documentFilterOf(
  schoolYearId: number,
  query: Omit<DocumentListQuery, "page" | "pageSize">,
  signingHours: number,
  now = Date.now(),
  documents: readonly HandInDocument[] = [],
): DocumentFilter {
  return {
    documents,
    schoolYearId,
    testData: query.testData,
    statuses: query.status ? [...query.status].sort() : undefined,
    level: query.level,
    kind: query.kind,
    words: searchWords(query.q),
    handIn: query.handIn,
    signing: query.signing,
    overdueBefore: new Date(now - signingHours * HOUR_MS).toISOString(),
  };
}

export function toListItem(
  row: DocumentRow,
  signingHours: number,
  now = Date.now(),
  checklist: ChecklistEntry[] = [],
  signing: DocumentListItem["signing"] = [],
): DocumentListItem {
  const sent = new Date(row.sent_at);
  const due = new Date(sent.getTime() + signingHours * HOUR_MS);
  return {
    id: row.id,
    code: row.code,
    studentName: row.student_name,
    levelCode: isLevelCode(row.level_code) ? row.level_code : null,
    requestStatus: asRequestStatus(row.request_status),
    sentAt: sent.toISOString(),
    dueAt: due.toISOString(),
    // Overdue: a required paper neither handed in nor signed online by the family, past its due time.
    overdue: due.getTime() < now && checklist.some(isMissing),
    checklist,
    signing,
    isTestData: Number(row.is_test_data) === 1,
  };
}

/** Each request's documents to sign online with their status, titled in the reader's language. */
async function signingSummaries(ctx: AppContext, requestIds: number[], lang: Language) {
  const byRequest = new Map<number, DocumentListItem["signing"]>();
  for (const row of await listSigningSummaries(ctx.db, requestIds)) {
    const titles = { es: row.title_es, en: row.title_en, fr: row.title_fr };
    const list = byRequest.get(row.request_id) ?? [];
    list.push({
      documentId: row.document_id,
      key: row.key,
      title: titles[lang] || titles.es,
      status: row.status as DocumentListItem["signing"][number]["status"],
    });
    byRequest.set(row.request_id, list);
  }
  return byRequest;
}

/** GET /api/documents: one page of the year's sent requests with their due time and checklist. */
export async function listDocuments(
  ctx: AppContext,
  sessionSchoolYearId: number,
  query: DocumentListQuery,
  lang: Language = "es",
): Promise<DocumentList> {
  const schoolYearId = query.schoolYearId ?? sessionSchoolYearId;
  const [signingHours, documents] = await Promise.all([
    signingHoursOf(ctx, schoolYearId),
    yearHandInDocuments(ctx, schoolYearId),
  ]);
  const now = Date.now();
  const filter = documentFilterOf(schoolYearId, query, signingHours, now, documents);
  const window = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
  const [total, rows] = await Promise.all([
    countDocumentRows(ctx.db, ctx.engine, filter),
    findDocumentRows(ctx.db, ctx.engine, filter, window),
  ]);
  const [summaries, checklists] = await Promise.all([
    signingSummaries(
      ctx,
      rows.map((row) => row.id),
      lang,
    ),
    checklistsOf(ctx.db, documents, rows, lang),
  ]);
  return documentListSchema.parse({
    items: rows.map((row) => toListItem(row, signingHours, now, checklists.get(row.id), summaries.get(row.id))),
    total,
    page: query.page,
    pageSize: query.pageSize,
    signingHours,
  });
}

const may = (role: Role, permission: Parameters<typeof rolesFor>[0]) =>
  (rolesFor(permission) as readonly Role[]).includes(role);

/**
 * What the reader may open (docs/rules/documents.md "The documents page"): the registration summary carries the medical
 * record, so only the roles that see medical records get it; the uploads are opened through the
 * request pages' upload route (inscriptionsView), the medical step's uploads only by those roles.
 */
export function readerRights(role: Role) {
  return {
    summary: may(role, "enrollmentDocuments") && may(role, "medicalRecordsView"),
    toSign: may(role, "enrollmentDocuments"),
    uploads: may(role, "inscriptionsView"),
    medicalUploads: may(role, "medicalRecordsView"),
    originals: may(role, "uploadOriginalsRead"),
  };
}

/** The request's row, its year's signing hours and documents, and its checklist in `lang`. */
async function requestRow(ctx: AppContext, requestId: number, lang: Language) {
  const year = await findRequestYear(ctx.db, requestId);
  if (!year) throw new AppError(404, "NOT_FOUND");
  const [row, documents, signingHours] = await Promise.all([
    findDocumentRow(ctx.db, ctx.engine, requestId),
    yearHandInDocuments(ctx, year.school_year_id),
    signingHoursOf(ctx, year.school_year_id),
  ]);
  if (!row) throw new AppError(404, "NOT_FOUND");
  const checklist = (await checklistsOf(ctx.db, documents, [row], lang)).get(row.id) ?? [];
  return { row, documents, signingHours, checklist };
}

/** The family's uploads the file's steps reference, with the step that references each. */
export async function uploadsOf(ctx: AppContext, row: Pick<DocumentRow, "file_id" | "user_id">) {
  const steps = await listStepData(ctx.db, row.file_id);
  const stepOf = new Map<number, string>();
  for (const step of steps) {
    for (const ref of referencedUploads(JSON.parse(step.data))) if (!stepOf.has(ref.id)) stepOf.set(ref.id, step.step);
  }
  const uploads = await listUploads(ctx.db, row.user_id, [...stepOf.keys()]);
  return uploads.map((upload) => ({ ...upload, step: stepOf.get(upload.id) ?? "" })).sort((a, b) => a.id - b.id);
}

function stateOf(entry: ChecklistEntry, recorded: Awaited<ReturnType<typeof listHandIns>>): HandInState {
  const { item, title, signedOnline } = entry;
  const row = recorded.find((one) => one.item === item);
  if (!row) {
    return {
      item,
      title,
      signedOnline,
      received: false,
      receivedOn: null,
      recordedBy: null,
      recordedAt: null,
      version: 0,
    };
  }
  const name = [row.names, row.first_surname].filter(Boolean).join(" ").trim();
  return {
    item,
    title,
    signedOnline,
    received: Number(row.received) === 1,
    receivedOn: row.received_on,
    recordedBy: name || row.email || null,
    recordedAt: row.recorded_at,
    version: Number(row.version),
  };
}

/** GET /api/documents/:requestId: the PDFs, the uploads and the checklist of one request. */
export async function getRequestDocuments(
  ctx: AppContext,
  user: CurrentUser,
  requestId: number,
): Promise<RequestDocuments> {
  const { row, signingHours, checklist } = await requestRow(ctx, requestId, user.language);
  const rights = readerRights(user.role);
  const [uploads, recorded] = await Promise.all([uploadsOf(ctx, row), listHandIns(ctx.db, requestId)]);
  const pdf = (kind: "summary" | "to-sign") => `/api/enrollment/files/${row.file_id}/documents/${kind}`;
  return {
    item: toListItem(
      row,
      signingHours,
      Date.now(),
      checklist,
      (await signingSummaries(ctx, [row.id], user.language)).get(row.id),
    ),
    generated: [
      { kind: "summary", href: rights.summary ? pdf("summary") : null },
      { kind: "to-sign", href: rights.toSign ? pdf("to-sign") : null },
    ],
    uploads: uploads.map((upload) => {
      const href =
        rights.uploads && (upload.step !== "medicalRecord" || rights.medicalUploads)
          ? `/api/requests/${row.id}/uploads/${upload.id}`
          : null;
      return {
        id: upload.id,
        name: upload.original_name,
        kind: upload.kind,
        step: upload.step,
        href,
        // The PDF as sent, when the school keeps originals: the Admin only.
        originalHref: href && rights.originals && upload.original_storage_key ? `${href}/original` : null,
      };
    }),
    handIn: checklist.map((entry) => stateOf(entry, recorded)),
  };
}

/**
 * PUT /api/documents/:requestId/hand-in/:item: records a paper as received (on a day) or not,
 * by whom and when. `version` must be the item's current one (0 before the first record), else
 * 409 VERSION_CONFLICT. An item the request does not need is a 400 HAND_IN_NOT_REQUIRED.
 */
export async function saveHandIn(
  ctx: AppContext,
  user: CurrentUser,
  meta: { ip: string },
  requestId: number,
  item: string,
  body: HandInSave,
): Promise<HandInState> {
  const { row, checklist } = await requestRow(ctx, requestId, user.language);
  // Any document the request needs on paper, the school's own included; an unknown key is not needed either.
  const entry = checklist.find((one) => one.item === item);
  if (!entry) throw new AppError(400, "HAND_IN_NOT_REQUIRED");
  const values = {
    received: body.received ? 1 : 0,
    received_on: body.received ? (body.receivedOn ?? null) : null,
    recorded_by: user.id,
    recorded_at: nowIso(),
  };
  try {
    await writeTransaction(ctx.db, ctx.engine, async (trx) => {
      const current = await findHandIn(trx, requestId, item);
      const version = current ? Number(current.version) : 0;
      if (version !== body.version) throw new AppError(409, "VERSION_CONFLICT");
      if (current) {
        if (!(await updateHandIn(trx, requestId, item, version, values))) throw new AppError(409, "VERSION_CONFLICT");
      } else {
        await insertHandIn(trx, requestId, item, values);
      }
      await recordAudit(trx, {
        event: "documents.handInRecorded",
        actorUserId: user.id,
        subjectUserId: row.user_id,
        ip: meta.ip,
        details: { requestId, code: row.code, item, received: body.received, receivedOn: values.received_on },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, "VERSION_CONFLICT");
    throw error;
  }
  return stateOf(entry, await listHandIns(ctx.db, requestId));
}
