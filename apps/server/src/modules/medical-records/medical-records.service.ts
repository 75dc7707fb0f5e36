import type { Language } from "@portal/shared/languages";
import { rolesFor } from "@portal/shared/permissions";
import type { RequestStatus } from "@portal/shared/request-status";
import {
  MEDICAL_DEFAULT_STATUSES,
  type MedicalRecordList,
  type MedicalRecordsPdfQuery,
  type MedicalRecordsQuery,
} from "@portal/shared/schemas/medical-records";
import type { AppContext } from "../../context.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError } from "../../lib/errors.ts";
import type { CurrentUser } from "../../plugins/request-types.ts";
import { catalogLabels } from "../catalogs/catalog-entries.service.ts";
import { countRequests, type PageWindow, type RequestFilter } from "../requests/requests.repository.ts";
import { getIdentity } from "../settings/identity.service.ts";
import { findMedicalRequests, findMedicalSteps, findSchoolYearLabel } from "./medical-records.repository.ts";
import { renderMedicalRecordsPdf } from "./medical-records-pdf.ts";
import { codesOf, type MedicalSource, medicalRow } from "./medical-row.ts";

/** Who is asking: for the access check, the audit log and the language of labels. */
export interface MedicalMeta {
  user: CurrentUser;
  lang: Language;
  ip: string;
  /** The school year chosen at login: the default filter. */
  sessionSchoolYearId: number;
}

type Filters = Omit<MedicalRecordsQuery, "page" | "pageSize">;

/** Health data: the permission is checked again here, whatever the route declares. */
function checkAccess(user: CurrentUser): void {
  if (!rolesFor("medicalRecordsView").includes(user.role)) throw new AppError(403, "FORBIDDEN");
}

async function resolveFilter(ctx: AppContext, meta: MedicalMeta, query: Filters) {
  const schoolYearId = query.schoolYearId ?? meta.sessionSchoolYearId;
  const year = await findSchoolYearLabel(ctx.db, schoolYearId);
  if (!year) throw new AppError(400, "SCHOOL_YEAR_INVALID");
  const statuses: RequestStatus[] = query.status?.length ? [...query.status] : [...MEDICAL_DEFAULT_STATUSES];
  const filter: RequestFilter = {
    schoolYearId,
    testData: query.testData,
    statuses,
    level: query.level,
    kind: query.kind,
    words: [],
  };
  // What the audit log keeps of the query: filters only, never a health value.
  const filters = { schoolYearId, testData: query.testData, status: statuses, level: query.level, kind: query.kind };
  return { filter, filters, yearLabel: year.label, statuses };
}

/** The rows of these requests, their steps read in one query and their labels in another. */
async function rowsOf(ctx: AppContext, lang: Language, filter: RequestFilter, window?: PageWindow) {
  const requests = await findMedicalRequests(ctx.db, filter, window);
  const steps = await findMedicalSteps(
    ctx.db,
    requests.map((r) => r.file_id),
  );
  const byFile = new Map<number, Partial<Record<string, Record<string, unknown>>>>();
  for (const step of steps) {
    const entry = byFile.get(step.file_id) ?? {};
    try {
      entry[step.step] = JSON.parse(step.data) as Record<string, unknown>;
    } catch {
      // An unreadable step reads as missing.
    }
    byFile.set(step.file_id, entry);
  }
  const sources: MedicalSource[] = requests.map((r) => ({ ...r, ...byFile.get(r.file_id) }));
  const labels = await catalogLabels(ctx.db, ["bloodTypes", "relationships"], codesOf(sources));
  const labelOf = new Map(labels.map((row) => [`${row.catalog}:${row.code}`, row[`label_${lang}`]]));
  return sources.map((source) => medicalRow(source, (catalog, code) => labelOf.get(`${catalog}:${code}`) ?? code));
}

/** GET /api/medical-records: one page of students; the view is audited (filters and count only). */
export async function listMedicalRecords(
  ctx: AppContext,
  meta: MedicalMeta,
  query: MedicalRecordsQuery,
): Promise<MedicalRecordList> {
  checkAccess(meta.user);
  const { page, pageSize, ...rest } = query;
  const { filter, filters, statuses } = await resolveFilter(ctx, meta, rest);
  const [total, items] = await Promise.all([
    countRequests(ctx.db, filter),
    rowsOf(ctx, meta.lang, filter, { limit: pageSize, offset: (page - 1) * pageSize }),
  ]);
  await recordAudit(ctx.db, {
    event: "medicalRecord.viewed",
    actorUserId: meta.user.id,
    ip: meta.ip,
    details: { view: "list", filters, page, count: items.length, total },
  });
  return { items, total, page, pageSize, statuses };
}

/**
 * GET /api/medical-records/pdf: every student of the level matching the filters, as one PDF in
 * the user's language; audited before it is sent. Generation is `renderMedicalRecordsPdf`, one
 * function of plain data. It runs on the main thread (the printable list is a staff action of a few
 * times a year, not a burst).
 */
export async function exportMedicalRecordsPdf(
  ctx: AppContext,
  meta: MedicalMeta,
  query: MedicalRecordsPdfQuery,
): Promise<{ pdf: Uint8Array; filename: string }> {
  checkAccess(meta.user);
  const { filter, filters, yearLabel } = await resolveFilter(ctx, meta, query);
  const [rows, levels, identity] = await Promise.all([
    rowsOf(ctx, meta.lang, filter),
    catalogLabels(ctx.db, ["levels"], [query.level]),
    getIdentity(ctx),
  ]);
  const levelLabel = levels[0]?.[`label_${meta.lang}`] ?? query.level;
  const pdf = await renderMedicalRecordsPdf({
    language: meta.lang,
    school: { name: identity.schoolName, accent: identity.primaryColor },
    yearLabel,
    levelLabel,
    generatedAt: new Date().toISOString(),
    rows,
  });
  await recordAudit(ctx.db, {
    event: "medicalRecord.exported",
    actorUserId: meta.user.id,
    ip: meta.ip,
    details: { export: "pdf", filters, count: rows.length },
  });
  const safe = (text: string) => text.replace(/[^A-Za-z0-9_-]+/g, "-").replace(/^-+|-+$/g, "");
  return { pdf, filename: `medical-records-${safe(query.level)}-${safe(yearLabel) || "year"}.pdf` };
}
