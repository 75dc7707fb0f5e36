import { z } from "zod";
import { requestListQuerySchema } from "./requests.ts";

/**
 * The audit log page (`settings.auditLog`): the query of GET /api/audit-events and of
 * GET /api/audit-events.csv, and the JSON answer. Strict: an unknown or repeated parameter is a
 * 400 VALIDATION_ERROR naming it. Messages are `validation.*` keys.
 */

/**
 * Every event code the server records (apps/server/src/kernel/audit-trail.ts
 * `AuditEvent`; the audit log service fails to compile when an event is missing here). The page
 * and the CSV label each one from `audit:events.<code>`.
 */
export const AUDIT_EVENTS = [
  "login.success",
  "login.failure",
  "logout",
  // A staff member switched the session's school year from the header.
  "session.schoolYearChanged",
  "account.registered",
  "account.activated",
  "password.reset.requested",
  "password.reset",
  "password.changed",
  "role.changed",
  "account.deactivated",
  "account.reactivated",
  "account.activationResent",
  "account.unlocked",
  "account.invited",
  // MFA.
  "mfa.enrolled",
  "mfa.failed",
  "mfa.recoveryUsed",
  "mfa.reset",
  "mfa.disabled",
  "settings.changed",
  "enrollment.authorizedPersons.propagated",
  // A family refused another family's student's identification (ids only).
  "enrollment.duplicateStudent.refused",
  // Spec 5 "same e-mail": a family saved a representative e-mail another family's sent file gives (ids only).
  "enrollment.representativeEmail.shared",
  // Households: a second parent invited, joined, removed or leaving; an invitation withdrawn.
  "household.invited",
  "household.joined",
  "household.removed",
  "household.invitationRevoked",
  // Enrollment at the office (docs/rules/staff-workflow.md "Walk-in families"): a family account
  // created by staff, its e-mail set, its invitation to claim it, and every change made for it at the desk.
  "desk.familyCreated",
  "desk.emailChanged",
  "desk.invited",
  "desk.actedFor",
  // "My data" (docs/data-protection.md): a family prepared its archive, downloaded it.
  "dataExport.requested",
  "dataExport.downloaded",
  // A family withdrew a child's image or data-use consent (docs/rules/data-protection.md).
  "consent.withdrawn",
  // Data-rights requests (docs/rules/data-protection.md): filed by a family; started, answered or refused by staff.
  "dataRights.filed",
  "dataRights.started",
  "dataRights.answered",
  "dataRights.refused",
  "request.statusChanged",
  "request.internalReview",
  "request.photoReviewed",
  "request.photoReplaced",
  "request.stepEdited",
  "request.mailResent",
  "medicalRecord.viewed",
  "audit.exported",
  "schoolYear.created",
  "schoolYear.updated",
  "schoolYear.deleted",
  "schoolYear.currentChanged",
  "schoolYear.windowChanged",
  "schoolYear.windowClosed",
  "catalog.itemCreated",
  "catalog.itemRenamed",
  "catalog.itemReordered",
  "catalog.itemDisabled",
  "catalog.itemEnabled",
  "catalog.itemDeleted",
  "fileSettings.updated",
  "template.saved",
  "template.uploaded",
  "template.replaced",
  "template.deleted",
  "statusText.updated",
  "emailText.updated",
  "schoolDocument.created",
  "schoolDocument.published",
  "schoolDocument.ruleChanged",
  "schoolDocument.feesChanged",
  "schoolCertificate.uploaded",
  "schoolCertificate.removed",
  // The back office.
  "report.exported",
  "photos.exported",
  "documents.exported",
  "documents.handInRecorded",
  "medicalRecord.exported",
  "sync.exported",
  "sync.imported",
  "sync.codesEdited",
  // An uploaded PDF taken out as the family sent it; another family's record asked for.
  "upload.original.downloaded",
  "access.refused",
  // Elections (ballots are never audited: docs/rules/elections.md "The secret ballot").
  "election.created",
  "election.updated",
  "election.scheduled",
  "election.cancelled",
  "election.closed",
  "election.published",
  "election.listSaved",
  "election.listDeleted",
  "election.candidatesSaved",
  "election.candidatePhotoChanged",
  "election.organizationSaved",
  "election.positionSaved",
  "election.organizationDeleted",
  "election.positionDeleted",
  "election.minutesExported",
  "election.registerPurged",
  "election.registerFrozen",
  "election.registerExported",
  "election.candidacyApproved",
  "election.candidacyDeclined",
  // Data retention (docs/rules/data-protection.md "Retention periods"): periods, legal holds, purges.
  "retention.settingsChanged",
  "retention.holdPlaced",
  "retention.holdReleased",
  "retention.purged",
  // An erasure (docs/rules/data-protection.md "Erasure"): an opaque reference and counts, no name.
  "erasure.applicantErased",
  "erasure.familyErased",
  "breach.recorded",
  "breach.updated",
  "breach.authorityNotified",
  "breach.noticeSaved",
  "breach.familiesNotified",
  "breach.reminderSent",
  // A message to the families of a list (docs/rules/messages.md): who, the audience, the counts.
  "message.sent",
  "message.resumed",
  // Re-enrollment campaigns (docs/rules/campaigns.md).
  "campaign.created",
  "campaign.updated",
  "campaign.opened",
  "campaign.remindersSent",
  "campaign.exported",
  // Signing online (docs/rules/documents.md "Signing online"): staff reminded the representatives to
  // sign a document, or countersigned it for the school.
  "signing.reminded",
  "signing.countersigned",
] as const;
export type AuditEventCode = (typeof AUDIT_EVENTS)[number];

/** The CSV export stops after this many rows (the page says so); narrower filters export the rest. */
export const AUDIT_CSV_MAX_ROWS = 50_000;

// C0/C1 control characters.
const CONTROL_CHARS = /[\u0000-\u001F\u007F-\u009F]/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const param = (max: number) => z.string({ error: "validation.invalidType" }).max(max, { error: "validation.tooLong" });

/** Part of an e-mail address or a name: trimmed, one line, at most 100 characters. */
const personField = param(400)
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .max(100, { error: "validation.tooLong" })
      .refine((value) => !CONTROL_CHARS.test(value), { error: "validation.controlCharacters" }),
  );

/** A request's number (`42`) or its code (letters, digits and dashes). */
const recordField = param(200)
  .transform((value) => value.trim())
  .pipe(z.string().regex(/^[A-Za-z0-9-]{1,40}$/, { error: "validation.invalidType" }));

/** A calendar day, YYYY-MM-DD, that exists. */
const dateField = param(10).refine(
  (value) => DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
  { error: "validation.date" },
);

const { page, pageSize } = requestListQuerySchema.shape;

/**
 * `actor`/`subject`: part of the e-mail or the name of who acted / whom it concerned;
 * `requestId`: a request's id or code; `from`/`to`: days in the school's time zone
 * (America/Guayaquil), both included. `from` after `to` is refused on `from`.
 */
export const auditEventQuerySchema = z
  .strictObject({
    actor: personField.optional(),
    subject: personField.optional(),
    event: z.enum(AUDIT_EVENTS, { error: "validation.choice" }).optional(),
    requestId: recordField.optional(),
    from: dateField.optional(),
    to: dateField.optional(),
    page,
    pageSize,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ["from"],
    error: "validation.dateRangeOrder",
  });
export type AuditEventQueryInput = z.input<typeof auditEventQuerySchema>;
export type AuditEventQuery = z.output<typeof auditEventQuerySchema>;

const personSchema = z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable();

/**
 * One changed field of a staff edit. Health data (the medical record, the blood type) never carries
 * its values: `hidden` is true and `before`/`after` are null.
 */
export const auditFieldChangeSchema = z.object({
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  hidden: z.boolean(),
});
export type AuditFieldChange = z.infer<typeof auditFieldChangeSchema>;

/** One safe detail in the caller's words: its key, the key's name, the value resolved (a year's label…). */
export const auditDetailSchema = z.object({ key: z.string(), label: z.string(), value: z.string() });
export type AuditDetail = z.infer<typeof auditDetailSchema>;

export const auditEventItemSchema = z.object({
  id: z.number(),
  /** ISO 8601, UTC. */
  at: z.string(),
  event: z.string(),
  /** The event's name in the caller's language. */
  eventLabel: z.string(),
  actor: personSchema,
  subject: personSchema,
  ip: z.string(),
  /** The details' safe keys (request id and code, statuses, role…), each as text. */
  info: z.record(z.string(), z.string()),
  /** The same details as the page and the CSV show them, in the caller's language. */
  detailLines: z.array(auditDetailSchema),
  /** `request.stepEdited` only: the fields it changed. */
  changes: z.array(auditFieldChangeSchema),
});
export type AuditEventItem = z.infer<typeof auditEventItemSchema>;

export const auditEventListSchema = z.object({
  items: z.array(auditEventItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AuditEventList = z.infer<typeof auditEventListSchema>;

/**
 * The `audit` namespace key of an event's name: dots become underscores, since i18next reads dots
 * as nesting and `password.reset` is both a name and the start of `password.reset.requested`.
 */
export function auditEventLabelKey(event: string): string {
  return `events.${event.replaceAll(".", "_")}`;
}
