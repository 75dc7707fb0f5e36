import type { Db } from "../../db/database.ts";

/**
 * What the purge reads to decide (queries only; the rules are in retention-selection.ts). The
 * tables are the enrollment's and the mail outbox's: read here, as the "My data" export reads them,
 * so the retention rules stay in one module.
 */

/** One row per file of every student: its year's end, its request's status. */
export async function listStudentFiles(db: Db) {
  return db
    .selectFrom("students as s")
    .innerJoin("users as u", "u.id", "s.family_user_id")
    .innerJoin("enrollment_files as f", "f.student_id", "s.id")
    .innerJoin("school_years as y", "y.id", "f.school_year_id")
    .leftJoin("requests as r", "r.file_id", "f.id")
    .select([
      "s.id as student_id",
      "s.family_user_id",
      "s.student_name",
      "u.email as family_email",
      "f.id as file_id",
      "y.label as year_label",
      "y.ends_on",
      "r.id as request_id",
      "r.request_status",
    ])
    .orderBy("s.id")
    .execute();
}
export type StudentFileRow = Awaited<ReturnType<typeof listStudentFiles>>[number];

/** Uploads of the given kinds that belong to a file, with the file's student. */
export async function listFileUploads(db: Db, kinds: readonly string[]) {
  return db
    .selectFrom("uploads as up")
    .innerJoin("enrollment_files as f", "f.id", "up.file_id")
    .select([
      "up.id",
      "up.storage_key",
      "up.original_storage_key",
      "up.family_user_id",
      "f.student_id",
      "f.id as file_id",
    ])
    .where("up.kind", "in", [...kinds])
    .execute();
}
export type FileUploadRow = Awaited<ReturnType<typeof listFileUploads>>[number];

/** Students that still have a medical record step or a draft of one. */
export async function studentsWithMedicalSteps(db: Db): Promise<Set<number>> {
  const steps = await db
    .selectFrom("enrollment_steps as st")
    .innerJoin("enrollment_files as f", "f.id", "st.file_id")
    .select("f.student_id")
    .where("st.step", "=", "medicalRecord")
    .distinct()
    .execute();
  const drafts = await db
    .selectFrom("step_drafts as d")
    .innerJoin("enrollment_files as f", "f.id", "d.file_id")
    .select("f.student_id")
    .where("d.step", "=", "medicalRecord")
    .distinct()
    .execute();
  return new Set([...steps, ...drafts].map((row) => row.student_id));
}

/** Every step of every file of a family's students (to find which uploads other files still point at). */
export async function listFamilySteps(db: Db, familyId: number) {
  return db
    .selectFrom("enrollment_steps as st")
    .innerJoin("enrollment_files as f", "f.id", "st.file_id")
    .innerJoin("students as s", "s.id", "f.student_id")
    .select(["st.file_id", "st.step", "st.data"])
    .where("s.family_user_id", "=", familyId)
    .execute();
}

/** The steps of the given families' files, with each file's student (chunked: a long IN list is slow on SQLite). */
export async function listStepsOfFamilies(db: Db, familyIds: number[]) {
  const rows: { file_id: number; student_id: number; data: string }[] = [];
  for (let i = 0; i < familyIds.length; i += 500) {
    rows.push(
      ...(await db
        .selectFrom("enrollment_steps as st")
        .innerJoin("enrollment_files as f", "f.id", "st.file_id")
        .innerJoin("students as s", "s.id", "f.student_id")
        .select(["st.file_id", "f.student_id", "st.data"])
        .where("s.family_user_id", "in", familyIds.slice(i, i + 500))
        .execute()),
    );
  }
  return rows;
}

/** The accounts of held families: the family's first account and its household's second parent. */
export async function heldAccounts(db: Db, familyIds: number[]): Promise<number[]> {
  if (familyIds.length === 0) return [];
  const rows = await db
    .selectFrom("users")
    .select("id")
    .where((eb) => eb.or([eb("id", "in", familyIds), eb("household_owner_id", "in", familyIds)]))
    .execute();
  return rows.map((row) => row.id);
}

export async function listHoldTargets(db: Db) {
  return db
    .selectFrom("retention_holds as h")
    .leftJoin("requests as r", "r.id", "h.request_id")
    .select(["h.family_user_id", "h.request_id", "h.reason", "r.file_id", "r.user_id as request_family_id"])
    .execute();
}

/** The requests of the given families (their e-mails are kept under the hold). */
export async function requestsOfFamilies(db: Db, familyIds: number[]): Promise<number[]> {
  if (familyIds.length === 0) return [];
  const rows = await db.selectFrom("requests").select("id").where("user_id", "in", familyIds).execute();
  return rows.map((row) => row.id);
}

/** Published elections whose register still keeps when each person voted, published before `cutoff`. */
export async function countElectionRegistersDue(db: Db, cutoff: string): Promise<number> {
  const row = await db
    .selectFrom("elections")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "published")
    .where("published_at", "<=", cutoff)
    .where("register_purged_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The current names of the given students (those still in the portal). */
export async function studentNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom("students").select(["id", "student_name"]).where("id", "in", ids).execute();
  return new Map(rows.map((row) => [row.id, row.student_name]));
}
