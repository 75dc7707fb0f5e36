import { rolesFor } from "@portal/shared/permissions";
import { asRequestStatus } from "@portal/shared/request-status";
import { isLevelCode } from "@portal/shared/rules/levels";
import {
  isPhotoStatus,
  type PhotoList,
  type PhotoListItem,
  type PhotoListQuery,
  type PhotoReviewBody,
  type PhotoStatus,
} from "@portal/shared/schemas/photos";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context.ts";
import { nowIso, writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError } from "../../lib/errors.ts";
import type { CurrentUser } from "../../plugins/request-types.ts";
import { openUpload } from "../enrollment/uploads.service.ts";
import { parseStepData } from "../requests/request-columns.ts";
import { searchWords } from "../requests/search-text.ts";
import {
  countPhotos,
  findPhotoRequest,
  findPhotosPage,
  type PhotoRow,
  updatePhotoStatusIf,
} from "./photos.repository.ts";
import { queuePhotoRejected } from "./photos-mail.ts";

/** What a review needs from the HTTP request: the caller's address, a logger, the family's portal link. */
export interface ReviewMeta {
  ip: string;
  log: FastifyBaseLogger;
  /** The family's welcome page (absolute), for the rejection e-mail. */
  portalLink: string;
}

const notFound = () => new AppError(404, "REQUEST_NOT_FOUND");
const versionConflict = () => new AppError(409, "VERSION_CONFLICT");

/** The studentPhoto step's `photoFileId`, or null when the file has no photo step (or an unreadable one). */
export function photoUploadIdOf(stepData: string | null | undefined): number | null {
  const id = parseStepData(stepData ?? undefined).photoFileId;
  return typeof id === "number" && Number.isInteger(id) && id > 0 ? id : null;
}

/** A value the shared lists do not know is a bug: it fails loudly (500, logged), never passes. */
function photoStatusOf(value: string): PhotoStatus {
  if (!isPhotoStatus(value)) throw new Error(`unknown photo status in the database: ${value}`);
  return value;
}

function toItem(row: PhotoRow): PhotoListItem {
  return {
    id: row.id,
    code: row.code,
    studentName: row.student_name,
    levelCode: isLevelCode(row.level_code) ? row.level_code : null,
    requestStatus: asRequestStatus(row.request_status),
    photoStatus: photoStatusOf(row.photo_status),
    photoRejectionReason: row.photo_status === "rejected" ? row.photo_rejection_reason : null,
    photoReviewedAt: row.photo_reviewed_at,
    photoUploadId: photoUploadIdOf(row.photo_step),
    version: row.version,
    isTestData: row.is_test_data === 1,
  };
}

/** GET /api/photos: one page of the school year's sent requests with their photo's status. */
export async function listPhotos(
  ctx: AppContext,
  user: CurrentUser,
  sessionSchoolYearId: number,
  query: PhotoListQuery,
): Promise<PhotoList> {
  const filter = {
    schoolYearId: query.schoolYearId ?? sessionSchoolYearId,
    testData: query.testData,
    words: searchWords(query.q),
    photoStatus: query.photoStatus,
  };
  const window = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
  const [total, rows] = await Promise.all([countPhotos(ctx.db, filter), findPhotosPage(ctx.db, filter, window)]);
  return {
    items: rows.map(toItem),
    total,
    page: query.page,
    pageSize: query.pageSize,
    canReview: rolesFor("inscriptionsManage").includes(user.role),
  };
}

/**
 * GET /api/photos/:requestId/image: the student photo's stored bytes and content type. 404
 * REQUEST_NOT_FOUND for an unknown request, PHOTO_NOT_FOUND when its file names no photo (or the
 * upload is gone).
 */
export async function openPhoto(ctx: AppContext, requestId: number) {
  const row = await findPhotoRequest(ctx.db, requestId);
  if (!row) throw notFound();
  const uploadId = photoUploadIdOf(row.photo_step);
  if (uploadId === null) throw new AppError(404, "PHOTO_NOT_FOUND");
  const upload = await openUpload(ctx, uploadId).catch((error: unknown) => {
    if (error instanceof AppError && error.statusCode === 404) throw new AppError(404, "PHOTO_NOT_FOUND");
    throw error;
  });
  return { contentType: upload.row.content_type, stream: upload.stream() };
}

/**
 * POST /api/photos/:requestId/review (Admin, Secretaria): approve the photo, or reject it with a
 * reason that is e-mailed to the family (queued with the review, delivered by the outbox) and shown on its
 * welcome card until it sends a new photo. Guarded by the request's version like every workflow
 * change; a request the family is correcting (InProcess) cannot be reviewed.
 */
export async function reviewPhoto(
  ctx: AppContext,
  user: CurrentUser,
  meta: ReviewMeta,
  requestId: number,
  body: PhotoReviewBody,
): Promise<PhotoListItem> {
  const row = await findPhotoRequest(ctx.db, requestId);
  if (!row) throw notFound();
  if (row.version !== body.expectedVersion) throw versionConflict();
  if (row.request_status === "InProcess") throw new AppError(409, "REQUEST_IN_PROCESS");
  const uploadId = photoUploadIdOf(row.photo_step);
  if (body.decision === "approve" && uploadId === null) throw new AppError(404, "PHOTO_NOT_FOUND");
  const status: PhotoStatus = body.decision === "approve" ? "approved" : "rejected";
  const reason = body.decision === "reject" ? (body.reason ?? null) : null;
  const now = nowIso();
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const updated = await updatePhotoStatusIf(trx, {
      id: row.id,
      version: row.version,
      status,
      reason,
      userId: user.id,
      now,
    });
    if (!updated) throw versionConflict();
    await recordAudit(trx, {
      event: "request.photoReviewed",
      actorUserId: user.id,
      subjectUserId: row.user_id,
      ip: meta.ip,
      details: {
        requestId: row.id,
        code: row.code,
        from: row.photo_status,
        to: status,
        uploadId,
        ...(reason ? { reason } : {}),
      },
    });
    if (reason) await queuePhotoRejected(ctx, trx, { requestId: row.id, reason, link: meta.portalLink });
  });
  if (reason) ctx.outbox.kick();
  const saved = await findPhotoRequest(ctx.db, requestId);
  if (!saved) throw notFound();
  return toItem(saved);
}
