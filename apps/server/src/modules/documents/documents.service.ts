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
  HAND_IN_ITEMS,
  type HandInItem,
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
import { yearDocumentRules } from "../school-documents/document-texts.service.ts";
import { yearConstants } from "../settings/year-settings.service.ts";
import {
  countDocumentRows,
  type DocumentFilter,
  type DocumentRow,
  findDocumentRow,
  findDocumentRows,
  findHandIn,
  findRequestYear,
  type ItemRules,
  insertHandIn,
  listHandIns,
  listSigningSummaries,
  listStepData,
  listUploads,
  updateHandIn,
} from "./documents.repository.ts";

const HOUR_MS = 3_600_000;

/** The year's contract signing time (spec 9: 2 hours unless Settings › General says otherwise). */
export async function signingHoursOf(ctx: AppContext, schoolYearId: number): Promise<number> {
  return (await yearConstants(ctx, schoolYearId)).contractSigningHours;
}

/** The year's rules of the three papers (Settings › Documents: new students, re-enrollments, levels). */
export async function itemRulesOf(ctx: AppContext, schoolYearId: number): Promise<ItemRules> {
  const rules: ItemRules = {};
  for (const rule of await yearDocumentRules(ctx, schoolYearId)) {
    if ((HAND_IN_ITEMS as readonly string[]).includes(rule.key)) {
      rules[rule.key as HandInItem] = { audience: rule.audience, levels: rule.levels };
    }
  }
  return rules;
}

export function documentFilterOf(
  schoolYearId: number,
  query: Omit<DocumentListQuery, "page" | "pageSize">,
  signingHours: number,
  now = Date.now(),
  rules: ItemRules = {},
): DocumentFilter {
  return {
    rules,
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

/**
 * The items a request must hand in: those the year's rules ask of it, the exit authorization
 * only where the family chose an exit.
 */
export function requiredItems(
  row: Pick<DocumentRow, "exit_required"> & Partial<Pick<DocumentRow, "contract_required" | "image_required">>,
): HandInItem[] {
  const flags: Record<HandInItem, unknown> = {
    contract: row.contract_required ?? 1,
    exitAuthorization: row.exit_required,
    imageConsent: row.image_required ?? 1,
  };
  return HAND_IN_ITEMS.filter((item) => Number(flags[item]) === 1);
}

function receivedOf(row: DocumentRow, item: HandInItem): boolean {
  const column = {
    contract: row.contract_received,
    exitAuthorization: row.exit_received,
    imageConsent: row.image_received,
  };
  return Number(column[item]) === 1;
}

/** Every representative signed it online (docs/rules/documents.md "Signing online"). */
function signedOnlineOf(
  row: Partial<Pick<DocumentRow, "contract_signed" | "exit_signed" | "image_signed">>,
  item: HandInItem,
) {
  const column = { contract: row.contract_signed, exitAuthorization: row.exit_signed, imageConsent: row.image_signed };
  return Number(column[item] ?? 0) === 1;
}

export function toListItem(
  row: DocumentRow,
  signingHours: number,
  now = Date.now(),
  signing: DocumentListItem["signing"] = [],
): DocumentListItem {
  const sent = new Date(row.sent_at);
  const due = new Date(sent.getTime() + signingHours * HOUR_MS);
  const checklist = requiredItems(row).map((item) => ({
    item,
    received: receivedOf(row, item),
    signedOnline: signedOnlineOf(row, item),
  }));
  return {
    id: row.id,
    code: row.code,
    studentName: row.student_name,
    levelCode: isLevelCode(row.level_code) ? row.level_code : null,
    requestStatus: asRequestStatus(row.request_status),
    sentAt: sent.toISOString(),
    dueAt: due.toISOString(),
    // Overdue: a required paper neither handed in nor signed online by the family, past its due time.
    overdue: due.getTime() < now && checklist.some((entry) => !entry.received && !entry.signedOnline),
    checklist,
    signing,
    isTestData: Number(row.is_test_data) === 1,
  };
}

/**
 * The year's requests whose signed papers are overdue, exactly as the documents page's "overdue"
 * filter finds them (test data left out), with what is still missing: the families' automatic
 * reminder (docs/rules/reminders.md) reads them here.
 */
export async function overdueHandIns(ctx: AppContext, schoolYearId: number, now = Date.now()) {
  const signingHours = await signingHoursOf(ctx, schoolYearId);
  const filter = documentFilterOf(schoolYearId, { testData: "exclude", handIn: "overdue" }, signingHours, now);
  const rows = await findDocumentRows(ctx.db, ctx.engine, filter);
  return rows.map((row) => {
    const item = toListItem(row, signingHours, now);
    return {
      requestId: row.id,
      userId: row.user_id,
      code: row.code,
      studentName: row.student_name,
      requestStatus: item.requestStatus,
      dueAt: item.dueAt,
      missing: item.checklist.filter((entry) => !entry.received && !entry.signedOnline).map((entry) => entry.item),
    };
  });
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
  const [signingHours, rules] = await Promise.all([signingHoursOf(ctx, schoolYearId), itemRulesOf(ctx, schoolYearId)]);
  const now = Date.now();
  const filter = documentFilterOf(schoolYearId, query, signingHours, now, rules);
  const window = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
  const [total, rows] = await Promise.all([
    countDocumentRows(ctx.db, ctx.engine, filter),
    findDocumentRows(ctx.db, ctx.engine, filter, window),
  ]);
  const summaries = await signingSummaries(
    ctx,
    rows.map((row) => row.id),
    lang,
  );
  return documentListSchema.parse({
    items: rows.map((row) => toListItem(row, signingHours, now, summaries.get(row.id))),
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

async function requestRow(ctx: AppContext, requestId: number): Promise<DocumentRow> {
  const year = await findRequestYear(ctx.db, requestId);
  if (!year) throw new AppError(404, "NOT_FOUND");
  const row = await findDocumentRow(ctx.db, ctx.engine, requestId, await itemRulesOf(ctx, year.school_year_id));
  if (!row) throw new AppError(404, "NOT_FOUND");
  return row;
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

function stateOf(item: HandInItem, recorded: Awaited<ReturnType<typeof listHandIns>>): HandInState {
  const row = recorded.find((entry) => entry.item === item);
  if (!row) return { item, received: false, receivedOn: null, recordedBy: null, recordedAt: null, version: 0 };
  const name = [row.names, row.first_surname].filter(Boolean).join(" ").trim();
  return {
    item,
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
  const row = await requestRow(ctx, requestId);
  const rights = readerRights(user.role);
  const [signingHours, uploads, recorded] = await Promise.all([
    findRequestYear(ctx.db, requestId).then((year) => signingHoursOf(ctx, year?.school_year_id ?? 0)),
    uploadsOf(ctx, row),
    listHandIns(ctx.db, requestId),
  ]);
  const pdf = (kind: "summary" | "to-sign") => `/api/enrollment/files/${row.file_id}/documents/${kind}`;
  return {
    item: toListItem(row, signingHours, Date.now(), (await signingSummaries(ctx, [row.id], user.language)).get(row.id)),
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
    handIn: requiredItems(row).map((item) => stateOf(item, recorded)),
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
  item: HandInItem,
  body: HandInSave,
): Promise<HandInState> {
  const row = await requestRow(ctx, requestId);
  if (!requiredItems(row).includes(item)) throw new AppError(400, "HAND_IN_NOT_REQUIRED");
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
  return stateOf(item, await listHandIns(ctx.db, requestId));
}
