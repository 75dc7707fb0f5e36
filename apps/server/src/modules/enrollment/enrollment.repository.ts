import { type Selectable, sql } from "kysely";
import { type Db, nowIso } from "../../db/database.ts";
import type { EnrollmentFilesTable, EnrollmentStepsTable, StudentsTable } from "../../db/types.ts";

/** A student as the enrollment module reads it (the uniqueness rule's legacy mark is the index's business). */
export type StudentRow = Omit<Selectable<StudentsTable>, "legacy_duplicate">;
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

/**
 * The student's name and document number as step 2 says. A new number falls under the unique
 * index: a student marked as a duplicate from before the rule stops being one.
 */
export async function updateStudentIdentity(db: Db, id: number, name: string, documentNumber: string): Promise<void> {
  await db
    .updateTable("students")
    .set((eb) => ({
      student_name: name,
      document_number: documentNumber,
      legacy_duplicate: eb
        .case()
        .when("document_number", "=", documentNumber)
        .then(eb.ref("legacy_duplicate"))
        .else(0)
        .end(),
      updated_at: nowIso(),
    }))
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

/** A step's saved state: what the wizard's rules read (not the file id or update time). */
export type StepRow = Pick<Selectable<EnrollmentStepsTable>, "step" | "data" | "completed_at">;

export function listSteps(db: Db, fileId: number): Promise<StepRow[]> {
  return db
    .selectFrom("enrollment_steps")
    .select(["step", "data", "completed_at"])
    .where("file_id", "=", fileId)
    .execute();
}

/** An upload a step refers to, as the step requires it: this family's, of the field's kind. */
export interface RequiredUpload {
  id: number;
  familyUserId: number;
  kind: string;
}

/**
 * Saves a step as complete in one statement, only while its file is still a draft and every
 * referenced upload is as required: an upsert whose row exists only when all of that holds (so
 * it needs neither a transaction nor a read beforehand). Answers false, having written nothing,
 * otherwise. Plain SQL that both engines read alike: the hot path of the wizard, and a fifth of
 * the cost of building it with the query builder. The values are cast so that PostgreSQL knows
 * their types in `insert … select`.
 */
export async function saveCompletedStepIf(
  db: Db,
  fileId: number,
  step: string,
  data: unknown,
  uploads: readonly RequiredUpload[],
  savedBy: number,
  /** The staff member who saved it at the desk for the family (docs/rules/staff-workflow.md "Walk-in families"). */
  deskStaffId: number | null = null,
): Promise<boolean> {
  const now = nowIso();
  const uploadChecks = uploads.map(
    (upload) =>
      sql` and exists (select 1 from uploads where id = ${upload.id} and family_user_id = ${upload.familyUserId} and kind = ${upload.kind})`,
  );
  const result =
    await sql`insert into enrollment_steps (file_id, step, data, completed_at, updated_at, updated_by, desk_staff_id)
    select cast(${fileId} as integer), cast(${step} as varchar(40)), cast(${JSON.stringify(data)} as text),
      cast(${now} as varchar(30)), cast(${now} as varchar(30)), cast(${savedBy} as integer),
      cast(${deskStaffId} as integer)
    where exists (select 1 from enrollment_files where id = ${fileId} and status = 'draft')${sql.join(uploadChecks, sql``)}
    on conflict (file_id, step) do update
      set data = excluded.data, completed_at = excluded.completed_at, updated_at = excluded.updated_at,
        updated_by = excluded.updated_by, desk_staff_id = excluded.desk_staff_id`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/**
 * Who saved a step last, and when (a household's parents see each other's changes); `desk_staff_id`
 * when that was a staff member at the desk for the family.
 */
export function findStepSaver(db: Db, fileId: number, step: string) {
  return db
    .selectFrom("enrollment_steps as st")
    .innerJoin("users as u", "u.id", "st.updated_by")
    .select(["u.id", "u.names", "u.first_surname", "u.role", "st.updated_at", "st.desk_staff_id"])
    .where("st.file_id", "=", fileId)
    .where("st.step", "=", step)
    .executeTakeFirst();
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

/** What the wizard's requests need to know about a file: the step rules read these, the summary too. */
export type StepFileRow = Pick<
  FileRow,
  "id" | "student_id" | "school_year_id" | "is_new_student" | "status" | "level_code" | "sent_at"
>;
export type StepStudentRow = Pick<StudentRow, "id" | "family_user_id" | "student_name" | "document_number">;

/**
 * A file, its student (for the ownership check) and its saved steps in one query: saving a step
 * (the hot path) reads nothing else about the file. Undefined when there is no such file.
 */
export async function findFileWithSteps(
  db: Db,
  id: number,
): Promise<{ file: StepFileRow; student: StepStudentRow; steps: StepRow[] } | undefined> {
  const rows = await db
    .selectFrom("enrollment_files as f")
    .innerJoin("students as s", "s.id", "f.student_id")
    .leftJoin("enrollment_steps as st", "st.file_id", "f.id")
    .select([
      "f.id",
      "f.student_id",
      "f.school_year_id",
      "f.is_new_student",
      "f.status",
      "f.level_code",
      "f.sent_at",
      "s.family_user_id",
      "s.student_name",
      "s.document_number",
      "st.step",
      "st.data",
      "st.completed_at",
    ])
    .where("f.id", "=", id)
    .execute();
  const first = rows[0];
  if (!first) return undefined;
  return {
    file: {
      id: first.id,
      student_id: first.student_id,
      school_year_id: first.school_year_id,
      is_new_student: first.is_new_student,
      status: first.status,
      level_code: first.level_code,
      sent_at: first.sent_at,
    },
    student: {
      id: first.student_id,
      family_user_id: first.family_user_id,
      student_name: first.student_name,
      document_number: first.document_number,
    },
    steps: rows.flatMap((row) =>
      row.step === null || row.data === null
        ? []
        : [{ step: row.step, data: row.data, completed_at: row.completed_at }],
    ),
  };
}

/**
 * Deletes a student and its only file (steps with it, by cascade) while the student has no saved
 * identification and that file is an unsent draft: one guarded statement, so a step 2 saved
 * meanwhile wins. The family's uploads stay (their file link set to null). False when nothing matched.
 */
export async function deleteBlankStudent(db: Db, studentId: number, fileId: number): Promise<boolean> {
  const result = await db
    .deleteFrom("students")
    .where("id", "=", studentId)
    .where("document_number", "=", "")
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom("enrollment_files as other")
            .select("other.id")
            .whereRef("other.student_id", "=", "students.id")
            .where((eb) =>
              eb.or([
                eb("other.id", "!=", fileId),
                eb("other.status", "!=", "draft"),
                eb("other.sent_at", "is not", null),
              ]),
            ),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
