import type { Selectable } from "kysely";
import { type Db, nowIso } from "../../db/database.ts";
import type { EnrollmentFilesTable, StudentsTable } from "../../db/types.ts";

export type StudentRow = Selectable<StudentsTable>;
export type FileRow = Selectable<EnrollmentFilesTable>;

export function findStudent(db: Db, id: number): Promise<StudentRow | undefined> {
  return db.selectFrom("students").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertStudent(db: Db, familyUserId: number, isTestData: boolean): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto("students")
    .values({
      family_user_id: familyUserId,
      student_name: "",
      document_number: "",
      is_test_data: isTestData ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateStudentIdentity(db: Db, id: number, name: string, documentNumber: string): Promise<void> {
  await db
    .updateTable("students")
    .set({ student_name: name, document_number: documentNumber, updated_at: nowIso() })
    .where("id", "=", id)
    .execute();
}

export function listFamilyStudents(db: Db, familyUserId: number): Promise<StudentRow[]> {
  return db.selectFrom("students").selectAll().where("family_user_id", "=", familyUserId).orderBy("id").execute();
}

export function findFile(db: Db, id: number): Promise<FileRow | undefined> {
  return db.selectFrom("enrollment_files").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findFileForYear(db: Db, studentId: number, schoolYearId: number): Promise<FileRow | undefined> {
  return db
    .selectFrom("enrollment_files")
    .selectAll()
    .where("student_id", "=", studentId)
    .where("school_year_id", "=", schoolYearId)
    .executeTakeFirst();
}

/** The student's most recent file of a year before `schoolYearId` (by the years' start dates). */
export function findPreviousFile(db: Db, studentId: number, schoolYearId: number): Promise<FileRow | undefined> {
  return db
    .selectFrom("enrollment_files")
    .innerJoin("school_years", "school_years.id", "enrollment_files.school_year_id")
    .selectAll("enrollment_files")
    .where("enrollment_files.student_id", "=", studentId)
    .where("enrollment_files.school_year_id", "!=", schoolYearId)
    .where("school_years.starts_on", "<", (eb) =>
      eb.selectFrom("school_years").select("starts_on").where("id", "=", schoolYearId),
    )
    .orderBy("school_years.starts_on", "desc")
    .limit(1)
    .executeTakeFirst();
}

export async function insertFile(
  db: Db,
  file: { studentId: number; schoolYearId: number; isNewStudent: boolean },
): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto("enrollment_files")
    .values({
      student_id: file.studentId,
      school_year_id: file.schoolYearId,
      is_new_student: file.isNewStudent ? 1 : 0,
      status: "draft",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setFileLevel(db: Db, id: number, levelCode: string): Promise<void> {
  await db
    .updateTable("enrollment_files")
    .set({ level_code: levelCode, updated_at: nowIso() })
    .where("id", "=", id)
    .execute();
}

export function listSteps(db: Db, fileId: number) {
  return db.selectFrom("enrollment_steps").selectAll().where("file_id", "=", fileId).execute();
}

/** Saves a step's data; `completed` marks it complete (a prefilled copy is saved incomplete). */
export async function upsertStep(
  db: Db,
  fileId: number,
  step: string,
  data: unknown,
  completed: boolean,
): Promise<void> {
  const now = nowIso();
  const values = { data: JSON.stringify(data), completed_at: completed ? now : null, updated_at: now };
  await db
    .insertInto("enrollment_steps")
    .values({ file_id: fileId, step, ...values })
    .onConflict((oc) => oc.columns(["file_id", "step"]).doUpdateSet(values))
    .execute();
}

export function findUploads(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom("uploads").select(["id", "family_user_id", "kind"]).where("id", "in", ids).execute();
}

export function findRequestByFile(db: Db, fileId: number) {
  return db.selectFrom("requests").selectAll().where("file_id", "=", fileId).executeTakeFirst();
}

/** A file and its student in one query (ownership is checked on every enrollment request). */
export async function findFileWithStudent(
  db: Db,
  id: number,
): Promise<{ file: FileRow; student: StudentRow } | undefined> {
  const row = await db
    .selectFrom("enrollment_files")
    .innerJoin("students", "students.id", "enrollment_files.student_id")
    .selectAll("enrollment_files")
    .select([
      "students.family_user_id",
      "students.student_name",
      "students.document_number",
      "students.is_test_data",
      "students.created_at as student_created_at",
      "students.updated_at as student_updated_at",
    ])
    .where("enrollment_files.id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  const {
    family_user_id,
    student_name,
    document_number,
    is_test_data,
    student_created_at,
    student_updated_at,
    ...file
  } = row;
  return {
    file,
    student: {
      id: file.student_id,
      family_user_id,
      student_name,
      document_number,
      is_test_data,
      created_at: student_created_at,
      updated_at: student_updated_at,
    },
  };
}
