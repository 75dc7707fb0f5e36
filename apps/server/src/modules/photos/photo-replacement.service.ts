import type { Language } from "@portal/shared/languages";
import type { PhotoReplacementResult } from "@portal/shared/schemas/photos";
import type { AppContext } from "../../context.ts";
import { nowIso, writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError } from "../../lib/errors.ts";
import type { CurrentUser } from "../../plugins/request-types.ts";
import { findRequestByFile } from "../enrollment/enrollment.repository.ts";
import { ownFile, uploadProblem, wrongUpload } from "../enrollment/enrollment.service.ts";
import { parseStepData } from "../requests/request-columns.ts";
import { findPhotoRequest, resetPhotoToPendingIf, writePhotoStep } from "./photos.repository.ts";
import { photoUploadIdOf } from "./photos.service.ts";

/*
 * The family's side of a photo rejection: the welcome card shows the school's reason
 * (`photoRejection` in listCards) and offers to send a new photo. The family uploads it as in the
 * wizard (POST …/uploads?kind=studentPhoto, which a sent file accepts for this kind only while its
 * photo is rejected), then PUT /api/enrollment/files/:fileId/photo puts the new upload in the
 * saved studentPhoto step and returns the photo to `pending` for the school office to review again.
 */

/**
 * PUT /api/enrollment/files/:fileId/photo (the family): only while the request's photo is
 * rejected (409 PHOTO_NOT_REJECTED otherwise); the upload must be the family's (403) and a student
 * photo (400 on `photoFileId`). The step keeps its image authorizations; the request goes back to
 * `pending` without the reason, with its version + 1, in one transaction with the step and an audit event.
 */
export async function replacePhoto(
  ctx: AppContext,
  user: CurrentUser,
  meta: { lang: Language; ip: string },
  fileId: number,
  photoFileId: number,
): Promise<PhotoReplacementResult> {
  const { file } = await ownFile(ctx, user, fileId);
  const request = await findRequestByFile(ctx.db, file.id);
  if (request?.photo_status !== "rejected") throw new AppError(409, "PHOTO_NOT_REJECTED");
  const problem = await uploadProblem(ctx.db, user.familyId, "studentPhoto", [
    { field: "photoFileId", id: photoFileId },
  ]);
  if (problem?.reason === "notTheFamilys") throw new AppError(403, "NOT_YOUR_STUDENT");
  if (problem) throw wrongUpload(meta.lang, problem.field);
  const row = await findPhotoRequest(ctx.db, request.id);
  if (!row?.photo_step) throw new AppError(404, "PHOTO_NOT_FOUND");
  const previous = photoUploadIdOf(row.photo_step);
  const data = JSON.stringify({ ...parseStepData(row.photo_step), photoFileId });
  const now = nowIso();
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    // Guarded by the version read with the step: a review or a send in between makes this a 409.
    if (!(await resetPhotoToPendingIf(trx, { id: row.id, version: row.version, now }))) {
      throw new AppError(409, "VERSION_CONFLICT");
    }
    if (!(await writePhotoStep(trx, file.id, data, now))) throw new AppError(404, "PHOTO_NOT_FOUND");
    await recordAudit(trx, {
      event: "request.photoReplaced",
      actorUserId: user.id,
      subjectUserId: user.id,
      ip: meta.ip,
      details: {
        requestId: row.id,
        code: row.code,
        fileId: file.id,
        previousUploadId: previous,
        uploadId: photoFileId,
      },
    });
  });
  return { fileId: file.id, photoStatus: "pending" };
}
