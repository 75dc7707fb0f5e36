import { ACCEPTED_STATUSES } from "@portal/shared/request-status";
import type { Db } from "../../db/database.ts";

/*
 * Erasure's reads (docs/rules/data-protection.md "Erasure"), queries only. The deletes are in
 * erasure-delete.repository.ts. Every read is bounded by one student or one family.
 */

export function findStudent(db: Db, studentId: number) {
  return db
    .selectFrom("students")
    .select(["id", "family_user_id", "student_name", "document_number"])
    .where("id", "=", studentId)
    .executeTakeFirst();
}

export function findStudentOfRequest(db: Db, requestId: number) {
  return db
    .selectFrom("requests as r")
    .innerJoin("enrollment_files as f", "f.id", "r.file_id")
    .select("f.student_id")
    .where("r.id", "=", requestId)
    .executeTakeFirst();
}

export function findStudentTexts(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom("students").select(["student_name", "document_number"]).where("id", "in", ids).execute();
}

export function findFamilyStudentIds(db: Db, familyId: number) {
  return db.selectFrom("students").select("id").where("family_user_id", "=", familyId).orderBy("id").execute();
}

/** The files of these students, with their request (if sent). */
export function findFiles(db: Db, studentIds: number[]) {
  return db
    .selectFrom("enrollment_files as f")
    .leftJoin("requests as r", "r.file_id", "f.id")
    .select(["f.id", "f.student_id", "r.id as request_id", "r.code", "r.request_status"])
    .where("f.student_id", "in", studentIds)
    .orderBy("f.id")
    .execute();
}

/** Requests that reached an accepted status once (their history) or went to the student database. */
export async function findEverAcceptedRequestIds(db: Db, requestIds: number[]): Promise<Set<number>> {
  if (requestIds.length === 0) return new Set();
  const [history, migrated] = await Promise.all([
    db
      .selectFrom("request_history")
      .select("request_id")
      .where("request_id", "in", requestIds)
      .where("to_status", "in", [...ACCEPTED_STATUSES])
      .execute(),
    db.selectFrom("bue_migrations").select("request_id").where("request_id", "in", requestIds).execute(),
  ]);
  return new Set([...history, ...migrated].map((row) => row.request_id));
}

export function findStepData(db: Db, fileIds: number[]) {
  if (fileIds.length === 0) return Promise.resolve([]);
  return db.selectFrom("enrollment_steps").select(["file_id", "data"]).where("file_id", "in", fileIds).execute();
}

export function findFamilyFileIds(db: Db, familyId: number) {
  return db
    .selectFrom("enrollment_files as f")
    .innerJoin("students as s", "s.id", "f.student_id")
    .select("f.id")
    .where("s.family_user_id", "=", familyId)
    .execute();
}

export function findFamilyUploads(db: Db, familyId: number) {
  return db
    .selectFrom("uploads")
    .select(["id", "file_id", "kind", "storage_key", "original_storage_key"])
    .where("family_user_id", "=", familyId)
    .orderBy("id")
    .execute();
}

export function findStoredDocuments(db: Db, fileIds: number[]) {
  if (fileIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("file_documents")
    .select(["file_id", "kind", "language", "storage_key"])
    .where("file_id", "in", fileIds)
    .execute();
}

/** The final PDFs of these files' documents signed online (docs/rules/documents.md "Signing online"). */
export async function findSignedDocuments(
  db: Db,
  fileIds: number[],
): Promise<{ file_id: number; storage_key: string }[]> {
  if (fileIds.length === 0) return [];
  const rows = await db
    .selectFrom("signing_documents")
    .select(["file_id", "final_storage_key"])
    .where("file_id", "in", fileIds)
    .where("final_storage_key", "is not", null)
    .execute();
  return rows.map((row) => ({ file_id: row.file_id, storage_key: row.final_storage_key! }));
}

async function countWhere(
  db: Db,
  table: "step_drafts" | "consents" | "mail_outbox" | "request_history" | "document_hand_ins",
  column: "file_id" | "request_id",
  ids: number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where(column as never, "in", ids as never)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const countDrafts = (db: Db, fileIds: number[]) => countWhere(db, "step_drafts", "file_id", fileIds);
export const countConsents = (db: Db, fileIds: number[]) => countWhere(db, "consents", "file_id", fileIds);
export const countEmails = (db: Db, requestIds: number[]) => countWhere(db, "mail_outbox", "request_id", requestIds);
export const countHistory = (db: Db, requestIds: number[]) =>
  countWhere(db, "request_history", "request_id", requestIds);
export const countHandIns = (db: Db, requestIds: number[]) =>
  countWhere(db, "document_hand_ins", "request_id", requestIds);

export function findAccounts(db: Db, familyId: number) {
  return db
    .selectFrom("users")
    .select(["id", "email", "names", "first_surname", "second_surname", "phone"])
    .where((eb) => eb.or([eb("id", "=", familyId), eb("household_owner_id", "=", familyId)]))
    .orderBy("id")
    .execute();
}

export function findExports(db: Db, familyId: number) {
  return db
    .selectFrom("data_exports")
    .select(["id", "status", "storage_key"])
    .where("family_user_id", "=", familyId)
    .execute();
}

/** Accounts of these that an election lists (electorate, register, candidacy or candidate). */
export async function findElectionAccountIds(db: Db, accountIds: number[]): Promise<Set<number>> {
  const tables = ["election_electorate", "election_register", "election_candidacies", "election_candidates"] as const;
  const rows = await Promise.all(
    tables.map((table) => db.selectFrom(table).select("user_id").where("user_id", "in", accountIds).execute()),
  );
  return new Set(rows.flat().map((row) => row.user_id));
}

export function findCandidatePhotos(db: Db, accountIds: number[]) {
  return db
    .selectFrom("election_candidates")
    .select("photo_ref")
    .where("user_id", "in", accountIds)
    .where("photo_ref", "is not", null)
    .execute();
}

/**
 * Audit rows that may name the erased: about or by one of `accountIds`, or whose details contain
 * one of `needles` (ids, codes, names, numbers, e-mails). A superset: the scrub decides per value.
 */
export function findAuditCandidates(db: Db, accountIds: number[], ids: number[], texts: string[]) {
  // Details are JSON.stringify'd: a number follows ":", "[" or ",". Texts compared in lower case.
  const patterns = [
    ...ids.flatMap((id) => [`%:${id}%`, `%[${id}%`, `%,${id}%`]),
    ...texts.map((text) => `%${text.toLowerCase().replace(/[%_\\]/g, "")}%`),
  ];
  return db
    .selectFrom("audit_events")
    .select(["id", "actor_user_id", "subject_user_id", "ip", "details"])
    .where((eb) =>
      eb.or([
        ...(accountIds.length > 0
          ? [eb("subject_user_id", "in", accountIds), eb("actor_user_id", "in", accountIds)]
          : []),
        ...patterns.map((pattern) => eb(eb.fn("lower", ["details"]), "like", pattern)),
      ]),
    )
    .execute();
}

export function findPendingFiles(db: Db, limit: number) {
  return db
    .selectFrom("erasure_pending_files")
    .select(["path", "attempts"])
    .orderBy("created_at")
    .limit(limit)
    .execute();
}
