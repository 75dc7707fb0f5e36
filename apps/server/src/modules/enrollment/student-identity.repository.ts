import { type Db, nowIso } from "../../db/database.ts";

/** Queries of the rule "a student's identification is unique in the school". */

export interface IdentityHolder {
  id: number;
  family_user_id: number;
  student_name: string;
}

/** The students other than `studentId` whose document number is `documentNumber` (normally none or one). */
export function findIdentityHolders(db: Db, documentNumber: string, studentId: number): Promise<IdentityHolder[]> {
  return db
    .selectFrom("students")
    .select(["id", "family_user_id", "student_name"])
    .where("document_number", "=", documentNumber)
    .where("id", "!=", studentId)
    .orderBy("id")
    .execute();
}

/** Counts one refused attempt of a family account on another family's student (one row per pair). */
export async function recordDuplicateAttempt(
  db: Db,
  attempt: { studentId: number; familyUserId: number; fileId: number },
): Promise<void> {
  const now = nowIso();
  await db
    .insertInto("duplicate_student_attempts")
    .values({
      student_id: attempt.studentId,
      family_user_id: attempt.familyUserId,
      attempted_file_id: attempt.fileId,
      attempts: 1,
      first_at: now,
      last_at: now,
    })
    .onConflict((oc) =>
      oc.columns(["student_id", "family_user_id"]).doUpdateSet((eb) => ({
        attempts: eb("duplicate_student_attempts.attempts", "+", 1),
        attempted_file_id: attempt.fileId,
        last_at: now,
      })),
    )
    .execute();
}

/** The refused attempts on a student, with the accounts that made them, newest first. */
export function listDuplicateAttempts(db: Db, studentId: number) {
  return db
    .selectFrom("duplicate_student_attempts as a")
    .innerJoin("users as u", "u.id", "a.family_user_id")
    .select([
      "a.family_user_id",
      "a.attempts",
      "a.first_at",
      "a.last_at",
      "u.email",
      "u.names",
      "u.first_surname",
      "u.second_surname",
    ])
    .where("a.student_id", "=", studentId)
    .orderBy("a.last_at", "desc")
    .execute();
}
