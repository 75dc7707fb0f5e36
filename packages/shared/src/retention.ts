/**
 * How long the portal keeps each kind of personal data (LOPDP: data kept no longer than its
 * purpose needs; docs/rules/data-protection.md "Retention periods"). The Admin sets the editable
 * periods in months within these bounds; the election register's and the "My data" archives'
 * are fixed by their own code and shown beside them.
 */
export const EDITABLE_RETENTION_KINDS = [
  "applicants",
  "applicantDocuments",
  "medicalRecords",
  "auditLog",
  "sentEmails",
] as const;
export type EditableRetentionKind = (typeof EDITABLE_RETENTION_KINDS)[number];

export const FIXED_RETENTION_KINDS = ["electionRegisters", "dataExports"] as const;
export const RETENTION_KINDS = [...EDITABLE_RETENTION_KINDS, ...FIXED_RETENTION_KINDS] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

/** Each editable period's default and bounds, in months; what each counts from is in the docs. */
export const RETENTION_LIMITS: Record<EditableRetentionKind, { defaultMonths: number; min: number; max: number }> = {
  // After the end of the last school year the student applied for, never enrolled.
  applicants: { defaultMonths: 12, min: 1, max: 60 },
  // The same applicants' identity documents and photos: sooner, never later than the applicant.
  applicantDocuments: { defaultMonths: 6, min: 1, max: 60 },
  // After the student leaves (the end of the last school year the student had a file for).
  medicalRecords: { defaultMonths: 12, min: 1, max: 120 },
  // Security and accountability need a trail of at least a year.
  auditLog: { defaultMonths: 60, min: 12, max: 120 },
  // After the e-mail was sent (or finally failed).
  sentEmails: { defaultMonths: 12, min: 1, max: 120 },
};

export type RetentionMonths = Record<EditableRetentionKind, number>;

export const DEFAULT_RETENTION_MONTHS: RetentionMonths = Object.fromEntries(
  EDITABLE_RETENTION_KINDS.map((kind) => [kind, RETENTION_LIMITS[kind].defaultMonths]),
) as RetentionMonths;

/** Statuses of a request that mean the student was enrolled (a suspended enrollment was one too). */
export const ENROLLED_STATUSES = ["Accepted", "Validated", "Confirmed", "Finished", "Discontinued"] as const;

/** Why a selected item was kept by a purge. */
export const RETENTION_KEPT_REASONS = ["legalHold", "failed"] as const;
export type RetentionKeptReason = (typeof RETENTION_KEPT_REASONS)[number];

/**
 * The calendar date `months` after `date` (YYYY-MM-DD), the day clamped to the month's last
 * (31 August + 6 months is 28 or 29 February).
 */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.slice(0, 10).split("-").map(Number) as [number, number, number];
  const total = year * 12 + (month - 1) + months;
  const y = Math.floor(total / 12);
  const m = total % 12;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const d = Math.min(day, last);
  return `${String(y).padStart(4, "0")}-${String(m + 1).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}
