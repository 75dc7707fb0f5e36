import { translate } from "@portal/i18n/translate";
import type { Language } from "@portal/shared/languages";
import type { AuditEventItem } from "@portal/shared/schemas/audit";
import { schoolLocalTime } from "./school-time.ts";

/**
 * The audit log's CSV (docs/decisions.md): `;`-separated (what Excel expects in the Spanish and
 * French locales), CRLF line ends, every cell quoted, UTF-8 with a BOM (added by the stream).
 */
export const CSV_SEPARATOR = ";";

const COLUMNS = [
  "id",
  "date",
  "event",
  "eventLabel",
  "actorName",
  "actorEmail",
  "subjectName",
  "subjectEmail",
  "ip",
  "details",
  "changes",
] as const;

/**
 * One quoted cell. A cell starting like a formula (`=`, `+`, `-`, `@`) gets a leading apostrophe,
 * so a name typed by a family cannot run as a formula in the Admin's spreadsheet.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function auditCsvHeader(lang: Language): string {
  return `${COLUMNS.map((column) => csvCell(translate(lang, `audit:csv.${column}`))).join(CSV_SEPARATOR)}\r\n`;
}

/** A step edit's changes as text: `field: before → after`, or the field alone for health data. */
export function changesText(item: AuditEventItem, lang: Language): string {
  const hidden = translate(lang, "audit:details.hiddenValue");
  return item.changes
    .map((change) =>
      change.hidden
        ? `${change.field} (${hidden})`
        : `${change.field}: ${change.before ?? "∅"} → ${change.after ?? "∅"}`,
    )
    .join(" | ");
}

export function auditCsvLine(item: AuditEventItem, lang: Language): string {
  const cells = [
    item.id,
    schoolLocalTime(item.at),
    item.event,
    item.eventLabel,
    item.actor?.name ?? "",
    item.actor?.email ?? "",
    item.subject?.name ?? "",
    item.subject?.email ?? "",
    item.ip,
    Object.entries(item.info)
      .map(([key, value]) => `${key}: ${value}`)
      .join("; "),
    changesText(item, lang),
  ];
  return `${cells.map(csvCell).join(CSV_SEPARATOR)}\r\n`;
}
