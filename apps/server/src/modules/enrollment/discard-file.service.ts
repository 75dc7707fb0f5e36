import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import type { CurrentUser } from "../../plugins/request-types.ts";
import { deleteBlankStudent } from "./enrollment.repository.ts";
import { ownFile } from "./enrollment.service.ts";

/**
 * DELETE /api/enrollment/files/:fileId: the family drops a new student's file it started with "+"
 * before the student's identification was saved. It is the way out of STUDENT_ALREADY_IN_FAMILY
 *: the family continues with its existing student instead, and no unnamed card (nor
 * an extra child in the family's count for the discount) is left behind. Anything further along
 * is kept: 409 FILE_NOT_DISCARDABLE (FILE_LOCKED once sent).
 */
export async function discardNewFile(ctx: AppContext, user: CurrentUser, fileId: number): Promise<void> {
  const { file, student } = await ownFile(ctx, user, fileId);
  if (file.status !== "draft" || file.sent_at !== null) throw new AppError(409, "FILE_LOCKED");
  const blank = file.is_new_student === 1 && student.document_number === "";
  if (!blank || !(await deleteBlankStudent(ctx.db, student.id, file.id))) {
    throw new AppError(409, "FILE_NOT_DISCARDABLE");
  }
}
