import { Readable } from "node:stream";
import type { Language } from "@portal/shared/languages";
import type { AuditEventCode, AuditEventList, AuditEventQuery } from "@portal/shared/schemas/audit";
import { AUDIT_CSV_MAX_ROWS } from "@portal/shared/schemas/audit";
import type { AppContext } from "../../context.ts";
import { type AuditEvent, recordAudit } from "../../kernel/audit-trail.ts";
import { CSV_BOM } from "../../lib/csv.ts";
import { catalogEntries } from "../catalogs/catalog-entries.service.ts";
import { labelOf, loadStatusTexts } from "../status-texts/status-text-lookup.ts";
import { auditCsvHeader, auditCsvLine } from "./audit-csv.ts";
import type { DetailNames } from "./audit-details.ts";
import { type AuditFilter, auditEventsBefore, countAuditEvents, listAuditEvents } from "./audit-log.repository.ts";
import { summarise } from "./audit-summary.ts";
import { schoolDayStart } from "./school-time.ts";

// Every event the server records must have a code (and so a label) in the shared list.
const everyEventListed: AuditEvent extends AuditEventCode ? true : never = true;
void everyEventListed;

function filterOf(query: AuditEventQuery): AuditFilter {
  const record = query.requestId
    ? { id: /^\d{1,9}$/.test(query.requestId) ? Number(query.requestId) : null, code: query.requestId }
    : undefined;
  return {
    actor: query.actor || undefined,
    subject: query.subject || undefined,
    event: query.event,
    record,
    fromIso: query.from ? schoolDayStart(query.from) : undefined,
    // `to` is included: up to the start of the next day.
    toIso: query.to ? schoolDayStart(query.to, 1) : undefined,
  };
}

/** The names details resolve to: every school year's label (a short table), statuses' and levels' names. */
async function detailNames(ctx: AppContext, lang: Language): Promise<DetailNames> {
  const [years, texts, levels] = await Promise.all([
    ctx.db.selectFrom("school_years").select(["id", "label"]).execute(),
    loadStatusTexts(ctx),
    catalogEntries(ctx.db, "levels", lang),
  ]);
  const levelLabels = new Map(levels.map((item) => [item.code, item.label]));
  return {
    level: (code) => levelLabels.get(code) ?? code,
    schoolYears: new Map(years.map((year) => [Number(year.id), year.label])),
    status: (code) => labelOf(texts, lang, code),
  };
}

/** GET /api/audit-events: one page, newest first, with the total. */
export async function listAuditLog(ctx: AppContext, lang: Language, query: AuditEventQuery): Promise<AuditEventList> {
  const filter = filterOf(query);
  const [total, rows, names] = await Promise.all([
    countAuditEvents(ctx.db, filter),
    listAuditEvents(ctx.db, filter, query.pageSize, (query.page - 1) * query.pageSize),
    detailNames(ctx, lang),
  ]);
  return { items: rows.map((row) => summarise(row, lang, names)), total, page: query.page, pageSize: query.pageSize };
}

const BATCH = 500;

/**
 * GET /api/audit-events.csv: the export is itself an audit event (with its filters), written
 * before the first row is read. Then the rows are read in batches and streamed, up to
 * AUDIT_CSV_MAX_ROWS, with a UTF-8 BOM first so spreadsheet programs read the accents.
 */
export async function exportAuditLog(
  ctx: AppContext,
  actor: { userId: number; ip: string },
  lang: Language,
  query: AuditEventQuery,
): Promise<Readable> {
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  await recordAudit(ctx.db, { event: "audit.exported", actorUserId: actor.userId, ip: actor.ip, details: { filters } });
  const filter = filterOf(query);
  const names = await detailNames(ctx, lang);
  async function* lines() {
    yield `${CSV_BOM}${auditCsvHeader(lang)}`;
    let beforeId: number | null = null;
    let sent = 0;
    while (sent < AUDIT_CSV_MAX_ROWS) {
      const rows = await auditEventsBefore(ctx.db, filter, beforeId, Math.min(BATCH, AUDIT_CSV_MAX_ROWS - sent));
      if (rows.length === 0) return;
      yield rows.map((row) => auditCsvLine(summarise(row, lang, names), lang)).join("");
      sent += rows.length;
      beforeId = rows[rows.length - 1]!.id;
    }
  }
  return Readable.from(lines());
}
