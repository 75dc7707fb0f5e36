/*
 * Which tables "My data" reads (docs/data-protection.md "What the archive holds"). Every table of
 * the database is in exactly one of the two lists; test/data-export-coverage.spec.ts lists the
 * database's tables and fails on one missing here, so a new table holding family data cannot be
 * left out of the archive by oversight.
 */

/** Tables holding the family's data → the section(s) of data.json (or the archive) that carry them. */
export const FAMILY_DATA_TABLES: Record<string, string> = {
  users: "family.accounts (no password hash, no second-factor keys)",
  household_invitations: "family.householdInvitations (no token)",
  sessions: "family.sessions (no session id)",
  students: "students",
  enrollment_files: "enrollmentFiles",
  enrollment_steps: "steps (representatives, authorized persons, medical record…)",
  step_drafts: "stepDrafts",
  requests: "requests, messages (correction requests, photo rejections)",
  request_history: "requestHistory",
  document_hand_ins: "documentHandIns",
  bue_migrations: "requests[].migratedToStudentDatabaseAt",
  uploads: "uploads and the files under uploads/",
  file_documents: "documents and the PDFs under documents/",
  consents: "consents",
  mail_outbox: "emails",
  audit_events: "medicalAccesses, accountEvents",
  duplicate_student_attempts: "duplicateStudentAttempts (the other family's child not named)",
  data_rights_requests: "dataRightsRequests (staff who handled them not named)",
  campaign_children: "reenrollmentAnswers",
  campaign_families: "reenrollmentAnswers[].answeredAt, answeredVia",
  election_electorate: "elections.eligible",
  election_register: "elections.voted",
  election_candidacies: "elections.candidacies",
  election_candidates: "elections.candidates",
  signing_documents: "signatures (each document signed online: its text as signed, status, verification code)",
  signing_signers: "signatures[].signers (name, identification, e-mail, when, from which address; no link token)",
  signing_events: "signatures[].events (the evidence: what happened, when, from which address)",
};

/** Tables that hold no family data, each with the reason. */
export const NOT_FAMILY_DATA_TABLES: Record<string, string> = {
  kysely_migration: "the schema's migration history",
  kysely_migration_lock: "the migrations' lock",
  school_years: "the school's calendar (the files carry its label)",
  catalog_items: "the school's lists of choices",
  settings: "the school's settings",
  status_texts: "the school's wording of the statuses",
  email_texts: "the school's e-mail templates (the e-mails sent are in emails)",
  upload_limits: "the school's file size and type rules",
  file_templates: "the school's blank forms",
  file_template_files: "the school's blank forms' files",
  request_list_version: "a counter for the staff lists' cache",
  rate_limits: "anti-abuse counters keyed by address, kept minutes",
  used_captchas: "spent anti-bot challenges, no person",
  mfa_recovery_codes: "hashes of second-factor recovery codes: credentials, not portable data (staff only)",
  user_tokens: "hashes of one-time links (activation, password reset): credentials, kept hours",
  bue_export_batches: "the school's export batches (each request's date is in requests)",
  election_positions: "the school's election positions",
  election_organizations: "the school's election organizations",
  elections: "the school's elections",
  election_lists: "the school's candidate lists",
  election_ballots: "the secret ballot box: by design nothing links a ballot to a person",
  election_pending_ballots: "sealed ballots waiting to be counted: secret, linked to no one",
  erasure_pending_files: "files an erasure still has to remove: their random names, no person",
  data_exports: "this archive's own bookkeeping (its request is in accountEvents as dataExport.requested)",
  retention_settings: "the school's retention periods",
  reenrollment_campaigns:
    "the school's re-enrollment campaigns: dates and message (the answers are in reenrollmentAnswers)",
  campaign_links: "hashes of the campaigns' e-mailed answer links: credentials, valid until the deadline",
  campaign_sends: "the campaigns' send report: the school's record; the e-mails themselves are in emails",
  retention_holds:
    "the school's legal holds: which family or request it must keep, and why (its legal record, not the family's data)",
  retention_runs:
    "the purge's runs and reports: counts and student ids, no names (read with the report while the student is in the portal)",
  breaches: "the school's breach register (LOPDP art. 43): its own record of an incident, not the family's data",
  breach_families:
    "the breach register's list of affected families: the school's record; what reached the family is in emails",
  breach_notices: "the breach register's send report: the school's record; the notice itself is in the family's emails",
  breach_reminders: "the days the Admins were reminded of a breach's clocks: no family in it",
  reminder_mails:
    "the automatic reminders' send record (one row a family and day, so none goes twice): the reminders themselves are in the family's emails; erased with the account",
  reminder_items:
    "what each reminder listed (a cause and a file or request id, no names): the e-mail itself is in emails",
  messages: "the school's messages to families (the words sent to many): what reached the family is in emails",
  message_recipients:
    "a message's send report (which address got which e-mail): the school's record; the message itself is in the family's emails",
  school_documents: "the school's own documents per school year and their rules (Settings › Documents)",
  school_document_versions: "the wording of the school's documents: the school's texts, no family in them",
  school_document_fees: "the school's fees text per school year",
  signing_codes: "hashes of the one-time signing codes: credentials, valid 10 minutes (their sending is in emails)",
  school_certificates:
    "the school's own certificate that seals the signed PDFs (Settings › Documents): no family in it",
  file_document_versions:
    "which version of the school's texts a file's documents use: ids only; the PDFs drawn with them are in documents",
};
