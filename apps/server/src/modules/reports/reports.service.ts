import { PassThrough } from "node:stream";
import { translate } from "@portal/i18n/translate";
import { CATALOG_NAMES, type CatalogName } from "@portal/shared/catalogs";
import type { Language } from "@portal/shared/languages";
import {
  columnGroupOf,
  DEFAULT_REPORT_COLUMNS,
  type ExportFormat,
  REPORT_COLUMNS,
  type ReportId,
  type ReportPage,
  type ReportQuery,
} from "@portal/shared/schemas/reports";
import type { AppContext } from "../../context.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { catalogEntries } from "../catalogs/catalog-entries.service.ts";
import type { RequestFilter } from "../requests/requests.repository.ts";
import { labelOf, loadStatusTexts } from "../status-texts/status-text-lookup.ts";
import {
  type Cell,
  COMMITTEE_COLUMNS,
  columnDefinition,
  isSortable,
  type ReportLabels,
  type ReportRecord,
} from "./report-columns.ts";
import { type FileColumn, writeReportFile } from "./report-file.ts";
import { reportSource } from "./report-sources.ts";
import { findReportSenders } from "./reports.repository.ts";

/** Reports: one page of a report's table, and the whole filtered set as a file. */

export interface Actor {
  userId: number;
  ip: string;
}

async function labelsFor(ctx: AppContext, lang: Language): Promise<ReportLabels> {
  const [texts, ...catalogs] = await Promise.all([
    loadStatusTexts(ctx),
    ...CATALOG_NAMES.map((name) => catalogEntries(ctx.db, name, lang)),
  ]);
  const byName = new Map<CatalogName, Map<string, string>>(
    CATALOG_NAMES.map((name, i) => [name, new Map(catalogs[i]!.map((item) => [item.code, item.label]))]),
  );
  return {
    catalog: (name, code) => {
      if (code === undefined || code === null || code === "") return "";
      const key = String(code);
      return byName.get(name)?.get(key) ?? key;
    },
    status: (code) => labelOf(texts, lang, code),
    // The request lists' words, so a report and the lists name a kind alike.
    kind: (isNew) => translate(lang, isNew ? "inscriptions:kind.new" : "inscriptions:kind.reenrollment"),
    consent: (state) => translate(lang, `reports:consent.${state}`),
    value: (set, code) => {
      if (typeof code !== "string" || code === "") return "";
      const key = `documents:values.${set}.${code}`;
      const label = translate(lang, key);
      return label === key ? code : label;
    },
  };
}

function filterOf(sessionSchoolYearId: number, query: Omit<ReportQuery, "sort" | "order" | "columns">): RequestFilter {
  return {
    schoolYearId: query.schoolYearId ?? sessionSchoolYearId,
    testData: query.testData,
    statuses: query.status ? [...query.status].sort() : undefined,
    level: query.level,
    kind: query.kind,
    words: [],
  };
}

/**
 * The accounts that sent the requests a report shows with these filters (every report lists the
 * filtered requests' people): the audience of a message to the report's families
 * (docs/rules/messages.md).
 */
export function reportSenders(
  ctx: AppContext,
  sessionSchoolYearId: number,
  filters: Omit<ReportQuery, "sort" | "order" | "columns">,
): Promise<number[]> {
  return findReportSenders(ctx.db, filterOf(sessionSchoolYearId, filters));
}

const columnLabel = (lang: Language, id: string) => translate(lang, `reports:column.${id}`);

function rowOf(report: ReportId, columns: readonly string[], record: ReportRecord, labels: ReportLabels): Cell[] {
  return columns.map((id) => columnDefinition(report, id).read(record, labels));
}

/** GET /api/reports/<report>: a page of rows (only the chosen columns), the total and every column. */
export async function reportPage(
  ctx: AppContext,
  sessionSchoolYearId: number,
  lang: Language,
  report: ReportId,
  query: ReportQuery & { page: number; pageSize: number },
): Promise<ReportPage> {
  const selected = query.columns ?? [...DEFAULT_REPORT_COLUMNS[report]];
  const source = reportSource(ctx.db, report, filterOf(sessionSchoolYearId, query), {
    by: query.sort,
    order: query.order,
  });
  const [labels, total, records] = await Promise.all([
    labelsFor(ctx, lang),
    source.count(),
    source.window((query.page - 1) * query.pageSize, query.pageSize),
  ]);
  return {
    columns: REPORT_COLUMNS[report].map((id) => ({
      id,
      label: columnLabel(lang, id),
      type: columnDefinition(report, id).type,
      sortable: isSortable(report, id),
      group: columnGroupOf(report, id),
    })),
    selected,
    rows: records.map((record) => rowOf(report, selected, record, labels)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export interface ReportFile {
  stream: PassThrough;
  fileName: string;
  contentType: string;
  total: number;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv; charset=utf-8",
};

/**
 * Starts writing an export into a stream the route sends. The audit row (`report.exported`) is
 * written when the writing ends: with `completed: true` and the rows sent, or, when the client went
 * away or the database failed midway, `completed: false` and the rows written until then (part of
 * the data may have left the server: the log still says so).
 */
async function startExport(
  ctx: AppContext,
  actor: Actor,
  lang: Language,
  options: {
    report: ReportId;
    kind: "report" | "committee";
    format: ExportFormat;
    columns: readonly string[];
    filters: Record<string, unknown>;
    source: ReturnType<typeof reportSource>;
    keep?: (record: ReportRecord) => boolean;
  },
): Promise<ReportFile> {
  const { report, format, columns, source, keep } = options;
  const [labels, total] = await Promise.all([labelsFor(ctx, lang), keep ? Promise.resolve(-1) : source.count()]);
  const out = new PassThrough();
  const fileColumns: FileColumn[] = columns.map((id) => ({
    label: columnLabel(lang, id),
    type: columnDefinition(report, id).type,
  }));
  async function* rows() {
    for await (const batch of source.batches()) {
      yield (keep ? batch.filter(keep) : batch).map((record) => rowOf(report, columns, record, labels));
    }
  }
  const words = {
    yes: translate(lang, "reports:yes"),
    no: translate(lang, "reports:no"),
    sheet: translate(lang, `reports:sheet.${options.kind === "committee" ? "committee" : report}`),
  };
  const audit = (rowCount: number, completed: boolean) =>
    recordAudit(ctx.db, {
      event: "report.exported",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: {
        report: options.kind === "committee" ? "committeeContacts" : report,
        format,
        filters: options.filters,
        rows: rowCount,
        completed,
      },
    });
  let written = 0;
  async function* counted() {
    for await (const batch of rows()) {
      written += batch.length;
      yield batch;
    }
  }
  void writeReportFile(out, format, fileColumns, counted(), words)
    .then((result) => audit(result.rows, result.completed))
    .catch(async (error: unknown) => {
      out.destroy(error instanceof Error ? error : new Error(String(error)));
      await audit(written, false).catch(() => undefined);
    });
  const day = new Date().toISOString().slice(0, 10);
  const base = translate(lang, `reports:file.${options.kind === "committee" ? "committee" : report}`);
  return { stream: out, fileName: `${base}-${day}.${format}`, contentType: CONTENT_TYPES[format], total };
}

/** GET /api/reports/<report>/export: the chosen columns (every column when none is named). */
export function exportReport(
  ctx: AppContext,
  actor: Actor,
  sessionSchoolYearId: number,
  lang: Language,
  report: ReportId,
  query: ReportQuery & { format: ExportFormat },
): Promise<ReportFile> {
  const { format, ...filters } = query;
  const source = reportSource(ctx.db, report, filterOf(sessionSchoolYearId, query), {
    by: query.sort,
    order: query.order,
  });
  const columns = query.columns ?? [...REPORT_COLUMNS[report]];
  return startExport(ctx, actor, lang, { report, kind: "report", format, columns, filters, source });
}

/** GET /api/reports/committee-contacts/export: representatives who agreed to share their contacts. */
export function exportCommitteeContacts(
  ctx: AppContext,
  actor: Actor,
  sessionSchoolYearId: number,
  lang: Language,
  query: Omit<ReportQuery, "sort" | "order" | "columns"> & { format: ExportFormat },
): Promise<ReportFile> {
  const { format, ...filters } = query;
  const source = reportSource(ctx.db, "representatives", filterOf(sessionSchoolYearId, query), {
    by: "studentName",
    order: "asc",
  });
  return startExport(ctx, actor, lang, {
    report: "representatives",
    kind: "committee",
    format,
    columns: COMMITTEE_COLUMNS,
    filters,
    source,
    keep: (record) => record.person.shareContacts === true,
  });
}
