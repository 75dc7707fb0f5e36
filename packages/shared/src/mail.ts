/**
 * The e-mails the portal sends (the outbox): what each row of `mail_outbox` is, and
 * where its delivery stands. The staff see both on a request's page (labels in `inscriptions`).
 */
export const MAIL_KINDS = [
  "activation",
  "alreadyRegistered",
  "passwordReset",
  "passwordChanged",
  "enrollmentReceived",
  "requestStatusChanged",
  "photoRejected",
  "electionResultsPublished",
  "householdInvitation",
  "staffInvitation",
  "deskInvitation",
  "breachNotice",
  "breachReminder",
  "dataRightsClosed",
  "familyReminder",
  "familyMessage",
  "campaignOpened",
  "campaignReminder",
  // Signing online (docs/rules/documents.md "Signing online"): the one-time code, a representative's
  // link to sign, and a reminder to sign.
  "signingCode",
  "signingLink",
  "signingReminder",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** pending: waiting for its first or next attempt; sent: the mail server took it; failed: given up. */
export const MAIL_STATUSES = ["pending", "sent", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export function isMailKind(value: unknown): value is MailKind {
  return typeof value === "string" && (MAIL_KINDS as readonly string[]).includes(value);
}

export function isMailStatus(value: unknown): value is MailStatus {
  return typeof value === "string" && (MAIL_STATUSES as readonly string[]).includes(value);
}
