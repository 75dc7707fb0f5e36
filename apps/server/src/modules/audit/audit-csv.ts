import { translate } from "@portal/i18n/translate";
import type { Language } from "@portal/shared/languages";
import type { AuditEventItem } from "@portal/shared/schemas/audit";
import { csvLine } from "../../lib/csv.ts";
import { schoolLocalTime } from "./school-time.ts";

/** The audit log's CSV: the portal's CSV format (lib/csv.ts), one line per event. */
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

export function auditCsvHeader(lang: Language): string {
  return csvLine(COLUMNS.map((column) => translate(lang, `audit:csv.${column}`)));
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
    item.detailLines
      .map((detail) => translate(lang, "common:labelValue", { label: detail.label, value: detail.value }))
      .join("; "),
    changesText(item, lang),
  ];
  return csvLine(cells);
}
