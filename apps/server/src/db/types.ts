import type { Generated } from "kysely";
import type {
  ElectionBallotsTable,
  ElectionCandidaciesTable,
  ElectionCandidatesTable,
  ElectionElectorateTable,
  ElectionListsTable,
  ElectionOrganizationsTable,
  ElectionPendingBallotsTable,
  ElectionPositionsTable,
  ElectionRegisterTable,
  ElectionsTable,
} from "./election-types.ts";
import type { RetentionHoldsTable, RetentionRunsTable, RetentionSettingsTable } from "./retention-types.ts";
import type { SchoolCertificatesTable } from "./school-certificate-types.ts";
import type {
  FileDocumentVersionsTable,
  SchoolDocumentFeesTable,
  SchoolDocumentsTable,
  SchoolDocumentVersionsTable,
} from "./school-document-types.ts";
import type {
  SigningCodesTable,
  SigningDocumentsTable,
  SigningEventsTable,
  SigningSignersTable,
} from "./signing-types.ts";

/**
 * Table shapes. Dialect-neutral on purpose: flags are integers 0/1 (better-sqlite3 cannot bind
 * booleans) and times are ISO-8601 UTC strings (sortable as text on both engines).
 */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  first_surname: string;
  second_surname: string;
  names: string;
  phone: string;
  language: string;
  role: string;
  is_test_data: number;
  activated_at: string | null;
  created_at: string;
  updated_at: string;
  /** Migration 0011: set while the Admin has switched the account off. */
  deactivated_at: string | null;
  /** Migration 0011: the last successful sign-in. */
  last_login_at: string | null;
  /** Migration 0019: the confirmed TOTP key, base32, and when it was confirmed. */
  mfa_secret: string | null;
  mfa_enabled_at: string | null;
  /** Migration 0019: the key of an enrolment not yet confirmed by a code. */
  mfa_pending_secret: string | null;
  /** Migration 0032: the time step of the last TOTP code accepted; that one and earlier are refused. */
  mfa_last_step: Generated<number | null>;
  /** Migration 0026: the first account of the household this second parent joined. */
  household_owner_id: Generated<number | null>;
  /** Migration 0045: a family created at the desk: the representative's identification, and by whom. */
  desk_identification_type: Generated<number | null>;
  desk_identification: Generated<string | null>;
  desk_created_by: Generated<number | null>;
}

export interface SessionsTable {
  /** SHA-256 of the cookie value: a database leak does not hand out live sessions. */
  id: string;
  user_id: number;
  school_year_id: number | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string;
  user_agent: string;
  /** Migration 0019: 1 while the session has passed the password but not the second factor. */
  mfa_pending: number;
}

export interface MfaRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the normalised code. */
  code_hash: string;
  used_at: string | null;
}

export interface UserTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface SchoolYearsTable {
  id: number;
  label: string;
  starts_on: string;
  ends_on: string;
  is_current: number;
  /** Legacy switch: a window with no dates follows it (migration 0012, modules/school-years/windows.ts). */
  enrollment_open: number;
  /** Enrollment windows (migration 0012): inclusive school days, and when the Admin closed one early. */
  new_opens_on: string | null;
  new_closes_on: string | null;
  new_closed_at: string | null;
  re_opens_on: string | null;
  re_closes_on: string | null;
  re_closed_at: string | null;
  version: Generated<number>;
}

export interface CatalogItemsTable {
  id: Generated<number>;
  catalog: string;
  code: string;
  sort_order: number;
  label_es: string;
  label_en: string;
  label_fr: string;
  /** JSON object of extra string attributes (e.g. a level's Ecuadorian equivalent). */
  extra: string | null;
  /** 1 = hidden from new choices, still labelled on records that hold it (migration 0014). */
  disabled: Generated<number>;
  /** Optimistic guard for the Admin's renames and reorders: +1 on every change. */
  version: Generated<number>;
  /** Set when the Admin deleted it; the row stays so the reference seed does not add it back. */
  deleted_at: string | null;
}

export interface SettingsTable {
  key: string;
  value: string;
  /** Optimistic-concurrency guard (migration 0016); 1 for rows written without it. */
  version: Generated<number>;
  updated_at: string | null;
}

export interface AuditEventsTable {
  id: Generated<number>;
  event: string;
  actor_user_id: number | null;
  subject_user_id: number | null;
  ip: string;
  details: string | null;
  created_at: string;
}

export interface RateLimitsTable {
  key: string;
  window_start: string;
  count: number;
}

export interface UsedCaptchasTable {
  signature: string;
  expires_at: string;
}

export interface StudentsTable {
  id: Generated<number>;
  family_user_id: number;
  student_name: string;
  /** Unique among students, '' before step 2 is saved. */
  document_number: string;
  is_test_data: number;
  /**
   * 1: this student's number was another's before the uniqueness rule (migration 0024); left out
   * of the unique index until the number changes. Defaults to 0.
   */
  legacy_duplicate: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A family account refused the identification of another family's student. */
export interface DuplicateStudentAttemptsTable {
  id: Generated<number>;
  /** The student who holds the identification. */
  student_id: number;
  /** The family account that tried to use it. */
  family_user_id: number;
  /** The file the family was filling in, while it exists. */
  attempted_file_id: number | null;
  attempts: number;
  first_at: string;
  last_at: string;
}

export interface EnrollmentFilesTable {
  id: Generated<number>;
  student_id: number;
  school_year_id: number;
  is_new_student: number;
  /** draft (the family fills it) or sent (locked against family edits). */
  status: string;
  level_code: string | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
}

export interface EnrollmentStepsTable {
  file_id: number;
  step: string;
  /** The step's body as validated by its shared schema, JSON. */
  data: string;
  completed_at: string | null;
  updated_at: string;
  /** Migration 0026: the account that saved the step last (a parent of the household, or staff). */
  updated_by: Generated<number | null>;
  /** Migration 0045: the staff member who saved the step at the desk for the family; null otherwise. */
  desk_staff_id: Generated<number | null>;
}

/** A wizard step's unsaved typing, kept until the step is saved (migration 0025). */
export interface StepDraftsTable {
  file_id: number;
  step: string;
  /** The step form's values as the family left them, JSON. */
  values_json: string;
  updated_at: string;
  /** The account that typed it (a household has two): only that account is offered it back. */
  typed_by: number | null;
}

export interface UploadsTable {
  id: Generated<number>;
  family_user_id: number;
  file_id: number | null;
  kind: string;
  original_name: string;
  content_type: string;
  size: number;
  sha256: string;
  /** Name of the stored file under DATA_DIR/files (random, never the uploaded name). */
  storage_key: string;
  /** The PDF exactly as sent, kept beside the cleaned one when the school asks; else null. */
  original_storage_key: string | null;
  created_at: string;
}

/** Spec 3 "Request": created when a family validates and sends a file. */
export interface RequestsTable {
  id: Generated<number>;
  /** Human-readable code, e.g. INS-2025-000042. */
  code: string;
  /** The family account that sent it (spec: userCode). */
  user_id: number;
  /** The file sent (spec: studentCodeSchoolYear, the student in that school year). */
  file_id: number;
  /** Spec: currentSchoolYear. */
  school_year_id: number;
  /** Workflow status (spec: requestStatus): Untreated when sent; the staff issue moves it on. */
  request_status: string;
  photo_status: string;
  is_test_data: number;
  /** The generated registration summary, once produced (spec: urlFile). */
  url_file: string | null;
  created_at: string;
  updated_at: string;
  // What the staff's lists show and filter on, copied from the file's steps when it is
  // sent: modules/requests/request-columns.ts (`requestListColumns`, `refreshRequestColumns`).
  /** "Names FirstSurname SecondSurname", as on the cards. */
  student_name: Generated<string>;
  /** The student's name in lower case without accents: the alphabetical order. */
  student_sort_name: Generated<string>;
  student_document: Generated<string>;
  /** Requested level (a `LEVEL_CODES` code). */
  level_code: string | null;
  /** 1 for a first enrollment, 0 for a re-enrollment (the file's flag). */
  is_new_student: Generated<number>;
  first_representative_name: Generated<string>;
  first_representative_document: Generated<string>;
  /** Empty when the family declined a second representative. */
  second_representative_name: Generated<string>;
  second_representative_document: Generated<string>;
  /** Each representative's name in lower case without accents (migration 0007): the representatives lists' order. */
  first_representative_sort_name: Generated<string>;
  second_representative_sort_name: Generated<string>;
  /** Lower case, accent-free `<student> | <representative 1> # <representative 2>` (names, documents). */
  search_text: Generated<string>;
  // The staff workflow (migration 0005): modules/workflow/.
  /** Optimistic concurrency: starts at 1, +1 on every workflow change (status, internal review, re-send). */
  version: Generated<number>;
  /** While InProcess after a correction request: the message shown to the family. */
  correction_message: string | null;
  /** While InProcess after a correction request: JSON list of the reopened step ids. */
  correction_steps: string | null;
  /** 1 while an internal review is requested (a flag with a note), 0 otherwise. */
  internal_review: Generated<number>;
  internal_review_note: string | null;
  /** Who set the flag, and when (users.id, no foreign key: see migration 0005). */
  internal_review_by: number | null;
  internal_review_at: string | null;
  /** Who cleared the flag, and when; null while it is set. */
  internal_review_resolved_by: number | null;
  internal_review_resolved_at: string | null;
  // The student photo's review (migration 0006): modules/photos/. `photo_status` above
  // is pending (sent, or a new photo after a rejection), approved or rejected.
  /** While the photo is rejected: the reason the family was given. */
  photo_rejection_reason: string | null;
  /** Who reviewed the photo last, and when (users.id, no foreign key); null until a review and after a new photo. */
  photo_reviewed_by: number | null;
  photo_reviewed_at: string | null;
}

/** Every workflow change of a request: who, when, from, to, which action, the comment. */
export interface RequestHistoryTable {
  id: Generated<number>;
  request_id: number;
  from_status: string | null;
  to_status: string;
  /** A `HISTORY_ACTIONS` value (packages/shared/src/workflow.ts). */
  action: string;
  comment: string | null;
  user_id: number | null;
  created_at: string;
}

/** One row (id 1): bumped by triggers on every change to `requests`; list totals are cached under it. */
export interface RequestListVersionTable {
  id: number;
  version: number;
}

/** One accepted or refused consent, with the version of the text shown. */
export interface ConsentsTable {
  id: Generated<number>;
  user_id: number;
  file_id: number;
  subject: string;
  text_version: string;
  accepted: number;
  ip: string;
  created_at: string;
  /** 1: a withdrawal of the subject's `text_version` (migration 0039); 0: an answer. */
  withdrawn: Generated<number>;
  /** Migration 0045: a consent recorded at the desk (the parent signed on paper): the staff member. */
  desk_staff_id: Generated<number | null>;
}

/** The e-mail outbox (migration 0009): one row per message to one address. */
export interface MailOutboxTable {
  id: Generated<number>;
  message_id: string;
  queued_by: string;
  kind: string;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string;
  attachments: string | null;
  request_id: number | null;
  user_id: number | null;
  status: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  resent_from: number | null;
  created_at: string;
  sent_at: string | null;
}

/** Migration 0013: the Admin's wording of a request status (null: the i18n default). */
/** The hand-in checklist (migration 0017): one row per request and item once recorded. */
export interface DocumentHandInsTable {
  request_id: number;
  /** The key of a school document handed in on paper (school_documents.key: built-in or `custom-<n>`). */
  item: string;
  received: number;
  /** The day the paper was received (YYYY-MM-DD); null when not received. */
  received_on: string | null;
  version: Generated<number>;
  /** users.id of who recorded the current state (no foreign key). */
  recorded_by: number | null;
  recorded_at: string;
}

export interface StatusTextsTable {
  status: string;
  label_es: string | null;
  label_en: string | null;
  label_fr: string | null;
  explanation_es: string | null;
  explanation_en: string | null;
  explanation_fr: string | null;
  version: Generated<number>;
  updated_at: string | null;
  updated_by: number | null;
}

/** Settings › E-mail texts (migration 0027): one e-mail's text in one language; null = the portal's. */
export interface EmailTextsTable {
  template: string;
  language: string;
  subject: string | null;
  body: string | null;
  version: Generated<number>;
  updated_at: string | null;
  updated_by: number | null;
}

/** Settings › Files (migration 0015): an Admin's limits for one document kind. */
export interface UploadLimitsTable {
  kind: string;
  max_bytes: number;
  /** Comma-separated FILE_TYPES: "pdf", "jpeg,png"… */
  types: string;
  version: number;
  updated_at: string;
}

/** Settings › Files (migration 0015): a school template shown at one wizard step. */
export interface FileTemplatesTable {
  id: Generated<number>;
  step: string;
  title_es: string;
  title_en: string;
  title_fr: string;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** One language's PDF of a template, stored under DATA_DIR/files. */
export interface FileTemplateFilesTable {
  id: Generated<number>;
  template_id: number;
  language: string;
  original_name: string;
  size: number;
  sha256: string;
  storage_key: string;
  uploaded_by: number | null;
  uploaded_at: string;
}

/** A sent file's drawn PDF, per kind and language (migration 0022). */
export interface FileDocumentsTable {
  file_id: number;
  kind: string;
  language: string;
  /** SHA-256 of what the drawing read: a different one means the stored PDF is out of date. */
  digest: string;
  storage_key: string;
  size: number;
  generated_at: string;
}

/** Sync with the BUE (migration 0018): one export's batch; its students are in `bue_migrations`. */
export interface BueExportBatchesTable {
  id: Generated<number>;
  school_year_id: number;
  row_count: number;
  created_by: number | null;
  created_at: string;
}

/** A request sent to the BUE: which batch, when, by whom (one row per request). */
export interface BueMigrationsTable {
  request_id: number;
  batch_id: number;
  migrated_at: string;
  migrated_by: number | null;
}

/** Migration 0026: an invitation to join a household as its second parent. */
export interface HouseholdInvitationsTable {
  id: Generated<number>;
  owner_user_id: number;
  email: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  accepted_user_id: number | null;
  revoked_at: string | null;
}

/** Migration 0034: "My data" archives (docs/data-protection.md). */
export interface DataExportsTable {
  id: string;
  family_user_id: number;
  requested_by: number;
  /** The family's id while running, else null: one running archive per family (unique). */
  running_family_id: number | null;
  status: string;
  language: string;
  done: Generated<number>;
  total: Generated<number>;
  storage_key: string | null;
  size: number | null;
  error_code: string | null;
  created_at: string;
  heartbeat_at: string;
  finished_at: string | null;
  expires_at: string | null;
}

/** Migration 0040: files an erasure still has to remove (docs/rules/data-protection.md "Erasure"). */
export interface ErasurePendingFilesTable {
  /** Relative to DATA_DIR: `files/<random key>` or `exports/<random key>`. */
  path: string;
  erasure_ref: string;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: string;
}

/** The personal-data breach register (migration 0038). */
export interface BreachesTable {
  id: Generated<number>;
  title: string;
  description: string;
  occurred_at: string;
  discovered_at: string;
  /** JSON array of BREACH_DATA_CATEGORIES. */
  categories: string;
  family_scope: string;
  school_year_id: number | null;
  rights_at_risk: number;
  measures: string;
  contact: string;
  authority_notified_on: string | null;
  authority_reference: Generated<string>;
  /** JSON { es, en, fr: { subject, body } } once the Admin saved the notice; null: drafted from the template. */
  notice_texts: string | null;
  families_notified_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

export interface BreachFamiliesTable {
  breach_id: number;
  family_user_id: number;
}

export interface BreachNoticesTable {
  id: Generated<number>;
  breach_id: number;
  family_user_id: number;
  user_id: number | null;
  outbox_id: number | null;
  language: string;
  created_at: string;
}

/** Migration 0044: a message from the school to the families of a list (docs/rules/messages.md). */
export interface MessagesTable {
  id: Generated<number>;
  school_year_id: number | null;
  source: string;
  /** The audience spec as sent (JSON: source and the list's filters). */
  audience: string;
  include_test_accounts: number;
  /** JSON: { es?, en?, fr? } each { subject, body }. */
  texts: string;
  families: number;
  addresses: number;
  /** queuing until every address has its outbox row, then queued. */
  state: string;
  sent_by: number | null;
  created_at: string;
  queued_at: string | null;
}

/** One address a message reaches; its delivery is its outbox row's. */
export interface MessageRecipientsTable {
  id: Generated<number>;
  message_id: number;
  family_user_id: number;
  user_id: number;
  to_address: string;
  language: string;
  outbox_id: number | null;
  /** Set in the transaction that queued its e-mail; null while the send has not reached it. */
  queued_at: string | null;
}

export interface BreachRemindersTable {
  breach_id: number;
  day: string;
  created_at: string;
}

/** A family's data-rights request (migration 0037; docs/rules/data-protection.md). */
export interface DataRightsRequestsTable {
  id: Generated<number>;
  family_user_id: number;
  filed_by: number;
  kind: string;
  /** family or student. */
  subject: string;
  /** The child it is about; null for the family, or once the child's record is erased. */
  student_id: number | null;
  /** representative, or adolescent (15 or more, acting for themselves). */
  actor: string;
  description: string;
  /** received, inProgress, answered or refused. */
  state: string;
  filed_at: string;
  /** The last day to answer, YYYY-MM-DD in school time, included. */
  deadline_on: string;
  started_at: string | null;
  started_by: number | null;
  closed_at: string | null;
  closed_by: number | null;
  /** The answer, or the refusal's reason. */
  answer: string | null;
}

/** Migration 0043: one reminder e-mail to a family on a school day (docs/rules/reminders.md). */
export interface ReminderMailsTable {
  id: Generated<number>;
  family_user_id: number;
  day: string;
  language: string;
  outbox_id: number | null;
  created_at: string;
}

/** Migration 0043: a cause one reminder e-mail listed, and when that cause began. */
export interface ReminderItemsTable {
  mail_id: number;
  /** A `REMINDER_CAUSES` value (packages/shared/src/schemas/reminders.ts). */
  cause: string;
  /** The file (draftNotSent), the request (documentsOverdue, photoRejected) or the signing document (signaturesPending). */
  subject_id: number;
  started_at: string;
  request_id: number | null;
}

export interface Database {
  users: UsersTable;
  household_invitations: HouseholdInvitationsTable;
  sessions: SessionsTable;
  mfa_recovery_codes: MfaRecoveryCodesTable;
  user_tokens: UserTokensTable;
  school_years: SchoolYearsTable;
  catalog_items: CatalogItemsTable;
  settings: SettingsTable;
  audit_events: AuditEventsTable;
  rate_limits: RateLimitsTable;
  used_captchas: UsedCaptchasTable;
  students: StudentsTable;
  duplicate_student_attempts: DuplicateStudentAttemptsTable;
  enrollment_files: EnrollmentFilesTable;
  enrollment_steps: EnrollmentStepsTable;
  step_drafts: StepDraftsTable;
  uploads: UploadsTable;
  requests: RequestsTable;
  consents: ConsentsTable;
  request_list_version: RequestListVersionTable;
  request_history: RequestHistoryTable;
  mail_outbox: MailOutboxTable;
  status_texts: StatusTextsTable;
  email_texts: EmailTextsTable;
  document_hand_ins: DocumentHandInsTable;
  upload_limits: UploadLimitsTable;
  file_templates: FileTemplatesTable;
  file_template_files: FileTemplateFilesTable;
  bue_export_batches: BueExportBatchesTable;
  bue_migrations: BueMigrationsTable;
  file_documents: FileDocumentsTable;
  election_positions: ElectionPositionsTable;
  election_organizations: ElectionOrganizationsTable;
  elections: ElectionsTable;
  election_lists: ElectionListsTable;
  election_candidates: ElectionCandidatesTable;
  election_ballots: ElectionBallotsTable;
  election_register: ElectionRegisterTable;
  election_pending_ballots: ElectionPendingBallotsTable;
  election_electorate: ElectionElectorateTable;
  election_candidacies: ElectionCandidaciesTable;
  data_exports: DataExportsTable;
  retention_settings: RetentionSettingsTable;
  retention_holds: RetentionHoldsTable;
  retention_runs: RetentionRunsTable;
  erasure_pending_files: ErasurePendingFilesTable;
  breaches: BreachesTable;
  breach_families: BreachFamiliesTable;
  breach_notices: BreachNoticesTable;
  breach_reminders: BreachRemindersTable;
  data_rights_requests: DataRightsRequestsTable;
  reminder_mails: ReminderMailsTable;
  reminder_items: ReminderItemsTable;
  messages: MessagesTable;
  message_recipients: MessageRecipientsTable;
  reenrollment_campaigns: ReenrollmentCampaignsTable;
  campaign_families: CampaignFamiliesTable;
  campaign_children: CampaignChildrenTable;
  campaign_links: CampaignLinksTable;
  campaign_sends: CampaignSendsTable;
  school_documents: SchoolDocumentsTable;
  school_document_versions: SchoolDocumentVersionsTable;
  school_document_fees: SchoolDocumentFeesTable;
  school_certificates: SchoolCertificatesTable;
  file_document_versions: FileDocumentVersionsTable;
  signing_documents: SigningDocumentsTable;
  signing_signers: SigningSignersTable;
  signing_codes: SigningCodesTable;
  signing_events: SigningEventsTable;
}

/** A re-enrollment campaign (migration 0042; docs/rules/campaigns.md). Dates are school days, included. */
export interface ReenrollmentCampaignsTable {
  id: Generated<number>;
  school_year_id: number;
  opens_on: string;
  deadline: string;
  /** JSON array of level codes; [] = every level. */
  levels: string;
  same_message: number;
  message_es: string;
  message_en: string;
  message_fr: string;
  /** JSON array of days before the deadline, e.g. [14,7,1]. */
  reminder_days: string;
  /** Set once, by whoever opened it (the claim that keeps the opening e-mails to one). */
  opened_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

export interface CampaignFamiliesTable {
  campaign_id: number;
  family_user_id: number;
  answered_at: string | null;
  answered_by: number | null;
  /** portal or link. */
  answered_via: string | null;
}

export interface CampaignChildrenTable {
  campaign_id: number;
  student_id: number;
  family_user_id: number;
  level_code: string | null;
  /** returns, leaves, undecided; null = not answered. */
  answer: string | null;
  /** A `leavingReasons` catalogue code when the answer is leaves. */
  reason_code: string | null;
  answered_at: string | null;
}

export interface CampaignLinksTable {
  token_hash: string;
  campaign_id: number;
  family_user_id: number;
  created_at: string;
}

export interface CampaignSendsTable {
  campaign_id: number;
  family_user_id: number;
  /** "opening", or a reminder's days before the deadline ("14"). */
  step: string;
  recipients: string;
  created_at: string;
}
