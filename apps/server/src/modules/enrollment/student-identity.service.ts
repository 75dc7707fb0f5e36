import { translate } from "@portal/i18n/translate";
import type { Language } from "@portal/shared/languages";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/database.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError } from "../../lib/errors.ts";
import { findIdentityHolders, type IdentityHolder, recordDuplicateAttempt } from "./student-identity.repository.ts";

/**
 * A student's identification is unique in the school (spec 5 "Duplicates: same
 * identification exists"). Every save that gives a student a new document number checks it inside
 * its write transaction (`assertIdentityFree`), and the unique index on `students.document_number`
 * decides a race the check cannot see (two families saving the same number at once on
 * PostgreSQL): the loser's unique violation is answered like the check's refusal
 * (`refusalForTakenIdentity`). docs/rules/enrollment.md "Students: identity, birth date and level".
 */

/** Thrown inside the transaction (so it rolls back) when another student holds the number. */
class IdentityTaken extends Error {
  constructor(readonly holder: IdentityHolder) {
    super("identity taken");
  }
}

/** Another family's student first: that one is refused even if the family also has one. */
function pickHolder(holders: IdentityHolder[], familyUserId: number): IdentityHolder | undefined {
  return holders.find((h) => h.family_user_id !== familyUserId) ?? holders[0];
}

/** Inside a write transaction, before the number is written: throws when another student holds it. */
export async function assertIdentityFree(
  trx: Db,
  student: { id: number; family_user_id: number },
  documentNumber: string,
): Promise<void> {
  if (documentNumber === "") return;
  const holder = pickHolder(await findIdentityHolders(trx, documentNumber, student.id), student.family_user_id);
  if (holder) throw new IdentityTaken(holder);
}

/** Who holds the number the failed save wanted, from the check or, after a lost race, from the database. */
async function holderAfter(
  db: Db,
  error: unknown,
  student: { id: number; family_user_id: number },
  documentNumber: string,
): Promise<IdentityHolder | undefined> {
  if (error instanceof IdentityTaken) return error.holder;
  if (!isUniqueViolation(error) || documentNumber === "") return undefined;
  return pickHolder(await findIdentityHolders(db, documentNumber, student.id), student.family_user_id);
}

/**
 * A family's save failed: when it was for a number another student holds, the error to answer.
 * Another family's student: 409 DUPLICATE_STUDENT, which says nothing of that student or family,
 * and the attempt is kept for the staff (request page, audit log). One of the family's own
 * students: 409 STUDENT_ALREADY_IN_FAMILY naming it, with its id to continue with it instead.
 * Any other failure comes back unchanged.
 */
export async function familyIdentityRefusal(
  ctx: AppContext,
  error: unknown,
  attempt: {
    lang: Language;
    ip: string;
    student: { id: number; family_user_id: number };
    fileId: number;
    documentNumber: string;
  },
): Promise<unknown> {
  const holder = await holderAfter(ctx.db, error, attempt.student, attempt.documentNumber);
  if (!holder) return error;
  const familyUserId = attempt.student.family_user_id;
  if (holder.family_user_id === familyUserId) {
    const params = { name: holder.student_name };
    const message = translate(attempt.lang, "errors:STUDENT_ALREADY_IN_FAMILY", params);
    return new AppError(
      409,
      "STUDENT_ALREADY_IN_FAMILY",
      params,
      { documentNumber: message },
      { studentId: holder.id, name: holder.student_name },
    );
  }
  await recordDuplicateAttempt(ctx.db, { studentId: holder.id, familyUserId, fileId: attempt.fileId });
  await recordAudit(ctx.db, {
    event: "enrollment.duplicateStudent.refused",
    actorUserId: familyUserId,
    subjectUserId: holder.family_user_id,
    ip: attempt.ip,
    details: { fileId: attempt.fileId, studentId: attempt.student.id, holderStudentId: holder.id },
  });
  const message = translate(attempt.lang, "errors:DUPLICATE_STUDENT");
  return new AppError(409, "DUPLICATE_STUDENT", {}, { documentNumber: message });
}

/** A staff save failed: when another student holds the number, 409 naming that student (staff see every record). */
export async function staffIdentityRefusal(
  ctx: AppContext,
  error: unknown,
  attempt: { lang: Language; student: { id: number; family_user_id: number }; documentNumber: string },
): Promise<unknown> {
  const holder = await holderAfter(ctx.db, error, attempt.student, attempt.documentNumber);
  if (!holder) return error;
  const params = { name: holder.student_name };
  const message = translate(attempt.lang, "errors:STUDENT_IDENTIFICATION_TAKEN", params);
  return new AppError(409, "STUDENT_IDENTIFICATION_TAKEN", params, { documentNumber: message });
}
