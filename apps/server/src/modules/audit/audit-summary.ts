import { translate } from "@portal/i18n/translate";
import type { Language } from "@portal/shared/languages";
import { type AuditEventItem, type AuditFieldChange, auditEventLabelKey } from "@portal/shared/schemas/audit";
import { asText, type DetailNames, detailKeyLabel, detailValue } from "./audit-details.ts";
import type { AuditRow } from "./audit-log.repository.ts";

/**
 * What the audit log page may show of an event's details JSON. Only these keys leave the server:
 * ids, codes, statuses, roles, counts. Anything else an event keeps (a step edit's raw changes, a
 * future key nobody reviewed) stays in the database.
 */
export const SAFE_KEYS = [
  "requestId",
  "code",
  "step",
  "version",
  "from",
  "to",
  "action",
  "steps",
  "bulk",
  "flagged",
  "role",
  "kind",
  "mailId",
  "copyId",
  "reason",
  "uploadId",
  "previousUploadId",
  "fileId",
  "fromFileId",
  "toFileIds",
  "sentFileIds",
  "persons",
  "studentId",
  "export",
  "maintenanceMode",
  "keepPdfOriginals",
  // A refused call on another family's record: the route pattern, its ids, the code.
  "method",
  "route",
  "params",
  "limitReached",
  "email",
  "filters",
  "section",
  "schoolYearId",
  // Sync with the BUE: which batch, its format, how many rows / lines / codes (no personal data).
  "batchId",
  "format",
  "rows",
  "again",
  "lines",
  "updated",
  "fields",
  // Settings › School years: the year's label, dates and which window (no personal data).
  "label",
  "window",
  "startsOn",
  "endsOn",
  "copiedFrom",
  "opensOn",
  "closesOn",
  "closedAt",
  // Settings › Catalogues: a list's name and its labels (no personal data).
  "catalog",
  "labels",
  "labelsBefore",
  "labelsAfter",
  "orderBefore",
  "orderAfter",
  // Settings › Files: document limits and school templates (no personal data).
  "limits",
  "templateId",
  "stepBefore",
  "titles",
  "titlesBefore",
  "language",
  "languages",
  // Settings › E-mail texts: which e-mail (its words are the `changes`).
  "email",
  "fileName",
  // Documents: which checklist item, its state and day, how many requests a ZIP held.
  "item",
  "received",
  "receivedOn",
  "requests",
  // Settings › Request statuses: which status, and whether it went back to the portal's texts.
  "status",
  "reset",
  // Photo exports: how many photos the ZIP held, how many left out by reason, finished or not.
  "included",
  "leftOut",
  "completed",
  // Medical records: which view, which page, how many students (never a health value).
  "view",
  "page",
  "count",
  "total",
  // Reports: which report (its `format`, `rows` and `completed` are listed above).
  "report",
  // Data retention: which hold, on a family or a request; which purge run, who started it, counts removed.
  "holdId",
  "target",
  "runId",
  "trigger",
  "removed",
  // The breach register: which incident, how many families and e-mails, which clocks (no names).
  "breachId",
  "families",
  "emails",
  "scope",
  "notifiedOn",
  "admins",
  "authority",
] as const;

/**
 * Health data: a step edit names these fields but never shows their values. The whole
 * medical record step, and the blood type kept in the student's file.
 */
const HEALTH_STEPS: readonly string[] = ["medicalRecord"];
const HEALTH_FIELDS: Readonly<Record<string, readonly string[]>> = { studentFile: ["bloodType"] };

export function isHealthField(step: unknown, field: string): boolean {
  if (typeof step !== "string") return true; // an edit of no known step: hide rather than guess
  if (HEALTH_STEPS.includes(step)) return true;
  const root = field.split(".")[0] ?? field;
  return HEALTH_FIELDS[step]?.includes(root) ?? false;
}

function parseDetails(details: string | null): Record<string, unknown> {
  if (!details) return {};
  try {
    const parsed: unknown = JSON.parse(details);
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** Events whose `changes` list before/after values: step edits, and settings (no personal data). */
const WITH_CHANGES = [
  "request.stepEdited",
  "settings.changed",
  "statusText.updated",
  "emailText.updated",
  "retention.settingsChanged",
];

function changesOf(event: string, details: Record<string, unknown>): AuditFieldChange[] {
  if (!WITH_CHANGES.includes(event) || !Array.isArray(details.changes)) return [];
  return details.changes.flatMap((change: unknown) => {
    if (change === null || typeof change !== "object") return [];
    const { field, before, after } = change as { field?: unknown; before?: unknown; after?: unknown };
    if (typeof field !== "string") return [];
    const hidden = event === "request.stepEdited" && isHealthField(details.step, field);
    return [
      {
        field,
        before: hidden || before === null ? null : asText(before),
        after: hidden || after === null ? null : asText(after),
        hidden,
      },
    ];
  });
}

const person = (id: number | null, name: string | null, email: string | null) =>
  id === null ? null : { id, name: (name ?? "").replace(/\s+/g, " ").trim(), email: email ?? "" };

/** The event's name in `lang`; its code when it has none (translate answers the key itself). */
export function eventLabel(event: string, lang: Language): string {
  const key = `audit:${auditEventLabelKey(event)}`;
  const label = translate(lang, key);
  return label === key ? event : label;
}

/** One row as the page and the CSV see it: labelled, joined, and with only the safe details. */
export function summarise(row: AuditRow, lang: Language, names: DetailNames): AuditEventItem {
  const details = parseDetails(row.details);
  const info: Record<string, string> = {};
  const shown: AuditEventItem["detailLines"] = [];
  for (const key of SAFE_KEYS) {
    if (details[key] === undefined) continue;
    info[key] = asText(details[key]);
    shown.push({ key, label: detailKeyLabel(lang, key), value: detailValue(key, details[key], lang, names) });
  }
  return {
    id: row.id,
    at: row.created_at,
    event: row.event,
    eventLabel: eventLabel(row.event, lang),
    actor: person(row.actor_id, row.actor_name, row.actor_email),
    subject: person(row.subject_id, row.subject_name, row.subject_email),
    ip: row.ip,
    info,
    detailLines: shown,
    changes: changesOf(row.event, details),
  };
}
