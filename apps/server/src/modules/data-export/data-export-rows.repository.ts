import type { Db } from "../../db/database.ts";

/*
 * The family's own rows for "My data" (docs/data-protection.md), queries only. Every query is
 * bounded by the family: its accounts (the first one and those that joined its household), its
 * students, their files and requests. data-export-tables.ts lists which table each one reads.
 */

export function findAccounts(db: Db, familyId: number) {
  return db
    .selectFrom("users")
    .select([
      "id",
      "email",
      "first_surname",
      "second_surname",
      "names",
      "phone",
      "language",
      "role",
      "household_owner_id",
      "created_at",
      "activated_at",
      "last_login_at",
      "deactivated_at",
      "desk_identification",
    ])
    .where((eb) => eb.or([eb("id", "=", familyId), eb("household_owner_id", "=", familyId)]))
    .orderBy("id")
    .execute();
}

export function findInvitations(db: Db, familyId: number) {
  return db
    .selectFrom("household_invitations")
    .select(["email", "created_at", "expires_at", "accepted_at", "revoked_at"])
    .where("owner_user_id", "=", familyId)
    .orderBy("id")
    .execute();
}

export function findSessions(db: Db, accountIds: number[]) {
  return db
    .selectFrom("sessions")
    .select(["user_id", "created_at", "last_seen_at", "expires_at", "ip", "user_agent"])
    .where("user_id", "in", accountIds)
    .orderBy("created_at")
    .execute();
}

export function findStudents(db: Db, familyId: number) {
  return db
    .selectFrom("students")
    .select(["id", "student_name", "document_number", "created_at", "updated_at"])
    .where("family_user_id", "=", familyId)
    .orderBy("id")
    .execute();
}

export function findFiles(db: Db, familyId: number) {
  return db
    .selectFrom("enrollment_files as f")
    .innerJoin("students as s", "s.id", "f.student_id")
    .innerJoin("school_years as y", "y.id", "f.school_year_id")
    .select([
      "f.id",
      "f.student_id",
      "y.label as year_label",
      "f.is_new_student",
      "f.status",
      "f.level_code",
      "f.created_at",
      "f.updated_at",
      "f.sent_at",
    ])
    .where("s.family_user_id", "=", familyId)
    .orderBy("f.id")
    .execute();
}

export function findSteps(db: Db, fileIds: number[]) {
  if (fileIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("enrollment_steps")
    .select(["file_id", "step", "data", "completed_at", "updated_at", "updated_by"])
    .where("file_id", "in", fileIds)
    .orderBy("file_id")
    .orderBy("step")
    .execute();
}

export function findDrafts(db: Db, fileIds: number[]) {
  if (fileIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("step_drafts")
    .select(["file_id", "step", "values_json", "updated_at"])
    .where("file_id", "in", fileIds)
    .orderBy("file_id")
    .orderBy("step")
    .execute();
}

export function findRequests(db: Db, fileIds: number[]) {
  if (fileIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("requests as r")
    .leftJoin("bue_migrations as b", "b.request_id", "r.id")
    .select([
      "r.id",
      "r.file_id",
      "r.code",
      "r.request_status",
      "r.photo_status",
      "r.level_code",
      "r.created_at",
      "r.updated_at",
      "r.correction_message",
      "r.photo_rejection_reason",
      "r.photo_reviewed_at",
      "b.migrated_at",
    ])
    .where("r.file_id", "in", fileIds)
    .orderBy("r.id")
    .execute();
}

export function findHistory(db: Db, requestIds: number[]) {
  if (requestIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("request_history")
    .select(["request_id", "action", "from_status", "to_status", "created_at"])
    .where("request_id", "in", requestIds)
    .orderBy("id")
    .execute();
}

export function findHandIns(db: Db, requestIds: number[]) {
  if (requestIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("document_hand_ins")
    .select(["request_id", "item", "received", "received_on"])
    .where("request_id", "in", requestIds)
    .orderBy("request_id")
    .orderBy("item")
    .execute();
}

export function findUploads(db: Db, familyId: number) {
  return db
    .selectFrom("uploads")
    .select([
      "id",
      "file_id",
      "kind",
      "original_name",
      "content_type",
      "size",
      "storage_key",
      "original_storage_key",
      "created_at",
    ])
    .where("family_user_id", "=", familyId)
    .orderBy("id")
    .execute();
}

export function findConsents(db: Db, fileIds: number[]) {
  if (fileIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("consents")
    .select(["user_id", "file_id", "subject", "text_version", "accepted", "withdrawn", "ip", "created_at"])
    .where("file_id", "in", fileIds)
    .orderBy("id")
    .execute();
}

/** The family's data-rights requests (docs/rules/data-protection.md "Data-rights requests"). */
export function findDataRightsRequests(db: Db, familyId: number) {
  return db
    .selectFrom("data_rights_requests")
    .selectAll()
    .where("family_user_id", "=", familyId)
    .orderBy("id")
    .execute();
}

/** The family's children in re-enrollment campaigns and their answers (docs/rules/campaigns.md). */
export function findCampaignAnswers(db: Db, familyId: number) {
  return db
    .selectFrom("campaign_children as cc")
    .innerJoin("reenrollment_campaigns as c", "c.id", "cc.campaign_id")
    .innerJoin("school_years as y", "y.id", "c.school_year_id")
    .innerJoin("campaign_families as cf", (join) =>
      join.onRef("cf.campaign_id", "=", "cc.campaign_id").onRef("cf.family_user_id", "=", "cc.family_user_id"),
    )
    .select([
      "y.label",
      "c.deadline",
      "cc.student_id",
      "cc.answer",
      "cc.reason_code",
      "cc.answered_at",
      "cf.answered_via",
    ])
    .where("cc.family_user_id", "=", familyId)
    .orderBy("c.id")
    .orderBy("cc.student_id")
    .execute();
}

/** E-mails to the household's accounts, or about its requests. */
export function findEmails(db: Db, accountIds: number[], requestIds: number[]) {
  return db
    .selectFrom("mail_outbox")
    .select(["kind", "to_address", "subject", "body_text", "request_id", "status", "created_at", "sent_at"])
    .where((eb) =>
      eb.or([eb("user_id", "in", accountIds), ...(requestIds.length > 0 ? [eb("request_id", "in", requestIds)] : [])]),
    )
    .orderBy("id")
    .execute();
}

/** Audit rows about the household's accounts, each with its actor's name and role. */
export function findAuditAbout(db: Db, accountIds: number[]) {
  return db
    .selectFrom("audit_events as a")
    .leftJoin("users as u", "u.id", "a.actor_user_id")
    .select([
      "a.event",
      "a.actor_user_id",
      "a.details",
      "a.created_at",
      "u.names",
      "u.first_surname",
      "u.second_surname",
      "u.role",
    ])
    .where((eb) => eb.or([eb("a.subject_user_id", "in", accountIds), eb("a.actor_user_id", "in", accountIds)]))
    .orderBy("a.id")
    .execute();
}

export function findDuplicateAttempts(db: Db, familyId: number) {
  return db
    .selectFrom("duplicate_student_attempts")
    .select(["attempted_file_id", "attempts", "first_at", "last_at"])
    .where("family_user_id", "=", familyId)
    .orderBy("id")
    .execute();
}

export async function findElectionRows(db: Db, accountIds: number[]) {
  const [eligible, voted, candidacies, candidates] = await Promise.all([
    db
      .selectFrom("election_electorate")
      .select(["election_id", "user_id"])
      .where("user_id", "in", accountIds)
      .orderBy("election_id")
      .execute(),
    db
      .selectFrom("election_register")
      .select(["election_id", "user_id", "voted_at"])
      .where("user_id", "in", accountIds)
      .orderBy("election_id")
      .execute(),
    db
      .selectFrom("election_candidacies")
      .select(["election_id", "user_id", "list_name", "statement", "status", "created_at", "decided_at"])
      .where("user_id", "in", accountIds)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("election_candidates")
      .select(["list_id", "user_id", "rank", "statement"])
      .where("user_id", "in", accountIds)
      .orderBy("id")
      .execute(),
  ]);
  return { eligible, voted, candidacies, candidates };
}

/** Signing online: the requests' documents signed, their signers (no link token) and events. */
export async function findSignatures(db: Db, requestIds: number[]) {
  if (requestIds.length === 0) return { documents: [], signers: [], events: [] };
  const documents = await db
    .selectFrom("signing_documents")
    .innerJoin("school_documents", "school_documents.id", "signing_documents.document_id")
    .select([
      "signing_documents.id",
      "signing_documents.request_id",
      "school_documents.key",
      "signing_documents.status",
      "signing_documents.language",
      "signing_documents.signed_text",
      "signing_documents.text_sha256",
      "signing_documents.verification_code",
      "signing_documents.completed_at",
      "signing_documents.final_storage_key",
      "signing_documents.final_sha256",
    ])
    .where("signing_documents.request_id", "in", requestIds)
    .orderBy("signing_documents.id")
    .execute();
  const ids = documents.map((d) => d.id);
  if (ids.length === 0) return { documents, signers: [], events: [] };
  const [signers, events] = await Promise.all([
    db
      .selectFrom("signing_signers")
      .select([
        "signing_document_id",
        "role",
        "name",
        "identification",
        "email",
        "signed_at",
        "typed_name",
        "ip",
        "user_agent",
      ])
      .where("signing_document_id", "in", ids)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("signing_events")
      .select(["signing_document_id", "at", "kind", "ip", "user_agent"])
      .where("signing_document_id", "in", ids)
      .orderBy("id")
      .execute(),
  ]);
  return { documents, signers, events };
}
