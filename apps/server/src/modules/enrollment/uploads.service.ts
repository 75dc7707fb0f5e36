import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { MultipartFile } from "@fastify/multipart";
import { FILE_TYPE_LABEL, FILE_TYPE_MIME, type FileType } from "@portal/shared/file-settings";
import { STUDENT_PHOTO_SIZE_PX } from "@portal/shared/upload-kinds";
import { fileTypeFromBuffer } from "file-type";
import type { Insertable } from "kysely";
import type { AppContext } from "../../context.ts";
import { nowIso } from "../../db/database.ts";
import type { Database } from "../../db/types.ts";
import { randomToken } from "../../lib/crypto.ts";
import { AppError } from "../../lib/errors.ts";
import { reencodePhoto } from "../../lib/photo-reencode.ts";
import { storablePdf } from "../../lib/storable-pdf.ts";
import { removeStoredFile, writeStoredFile } from "../../lib/stored-files.ts";
import { readUploadPart } from "../../lib/upload-part.ts";
import type { CurrentUser } from "../../plugins/request-types.ts";
import { keepsPdfOriginals } from "../file-settings/pdf-originals.service.ts";
import { type UploadLimit, uploadLimitFor } from "../file-settings/upload-limits.service.ts";
import { photoAwaitsReplacement } from "../photos/photos.repository.ts";
import { findFile, findStudent } from "./enrollment.repository.ts";
import { UPLOAD_KINDS, type UploadKind } from "./upload-kinds.ts";

/** Spec 9: the student photo is 500 × 500 px. */
export const STUDENT_PHOTO_PX = STUDENT_PHOTO_SIZE_PX;

function storageDir(ctx: AppContext): string {
  return path.join(ctx.config.dataDir, "files");
}

/** The uploaded name, reduced to something safe to show and to send back in a header. */
function safeName(name: string, ext: string): string {
  const base = path
    .basename(name)
    .replace(/[^\p{L}\p{N}._ -]/gu, "_")
    .slice(0, 120);
  return base || `document.${ext}`;
}

const PHOTO_TYPES: readonly FileType[] = ["jpeg", "png"];

/** A photo of a type the Admin turned off for this kind (Settings › Files) is refused, naming those accepted. */
async function checkPhotoType(buffer: Buffer, limit: UploadLimit): Promise<void> {
  const mime = (await fileTypeFromBuffer(buffer))?.mime;
  // Only an image type is "turned off"; anything else is not a photo at all (UPLOAD_NOT_IMAGE below).
  const type = PHOTO_TYPES.find((candidate) => FILE_TYPE_MIME[candidate] === mime);
  if (type && !limit.types.includes(type)) {
    throw new AppError(415, "UPLOAD_TYPE_NOT_ACCEPTED", {
      types: limit.types.map((accepted) => FILE_TYPE_LABEL[accepted]).join(", "),
    });
  }
}

/** Checks an upload by its content, stores it under a random name and records it for the family. */
export async function storeUpload(
  ctx: AppContext,
  user: CurrentUser,
  fileId: number,
  kind: UploadKind,
  part: MultipartFile,
) {
  const file = await findFile(ctx.db, fileId);
  if (!file) throw new AppError(404, "NOT_FOUND");
  const student = await findStudent(ctx.db, file.student_id);
  if (student?.family_user_id !== user.familyId) throw new AppError(403, "NOT_YOUR_STUDENT");
  // A sent file takes one upload: a new student photo while the school office has rejected it.
  if (file.status !== "draft" && !(kind === "studentPhoto" && (await photoAwaitsReplacement(ctx.db, file.id)))) {
    throw new AppError(409, "FILE_LOCKED");
  }

  // The limits the Admin set for this kind (Settings › Files), the spec's until then.
  const limit = await uploadLimitFor(ctx, kind);
  const received = await readUploadPart(part, limit.maxBytes);
  let stored: { bytes: Buffer; mime: string; ext: string };
  let originalKey: string | null = null;
  if (UPLOAD_KINDS[kind].format === "pdf") {
    // Stored rebuilt without active content; the bytes sent only if the school asks.
    stored = { bytes: await storablePdf(received), mime: "application/pdf", ext: "pdf" };
    if (await keepsPdfOriginals(ctx)) originalKey = `${randomToken(18)}.pdf`;
  } else {
    await checkPhotoType(received, limit);
    stored = await reencodePhoto(received, kind === "studentPhoto" ? { squarePx: STUDENT_PHOTO_PX } : {});
  }

  const storageKey = `${randomToken(18)}.${stored.ext}`;
  const written = [storageKey];
  writeStoredFile(storageDir(ctx), storageKey, stored.bytes);
  try {
    if (originalKey) {
      written.push(originalKey);
      writeStoredFile(storageDir(ctx), originalKey, received);
    }
  } catch (error) {
    removeStoredFile(storageDir(ctx), storageKey);
    throw error;
  }
  const row = await recordUpload(ctx, {
    family_user_id: user.familyId,
    file_id: file.id,
    kind,
    original_name: safeName(part.filename, stored.ext),
    content_type: stored.mime,
    size: stored.bytes.length,
    sha256: createHash("sha256").update(stored.bytes).digest("hex"),
    storage_key: storageKey,
    original_storage_key: originalKey,
    created_at: nowIso(),
  }).catch((error: unknown) => {
    // No row, no file: a database fault must not leave an orphan in the folder.
    for (const key of written) removeStoredFile(storageDir(ctx), key);
    throw error;
  });
  return { id: row.id, kind: row.kind, name: row.original_name, size: row.size, contentType: row.content_type };
}

function recordUpload(ctx: AppContext, values: Insertable<Database["uploads"]>) {
  return ctx.db
    .insertInto("uploads")
    .values(values)
    .returning(["id", "kind", "original_name", "size", "content_type"])
    .executeTakeFirstOrThrow();
}

/**
 * An upload's row and a stream of its bytes, whoever asks (callers check who may read it); 404 when
 * missing. `original` streams the bytes as the family sent them: 404 ORIGINAL_NOT_KEPT when the
 * school did not keep them.
 */
export async function openUpload(ctx: AppContext, id: number, version: "stored" | "original" = "stored") {
  const row = await ctx.db.selectFrom("uploads").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new AppError(404, "NOT_FOUND");
  const key = version === "original" ? row.original_storage_key : row.storage_key;
  if (!key) throw new AppError(404, "ORIGINAL_NOT_KEPT");
  return { row, stream: () => fs.createReadStream(path.join(storageDir(ctx), key)) };
}

/** An upload's bytes for its family (staff read them through their module pages). */
export async function readUpload(ctx: AppContext, user: CurrentUser, id: number) {
  const { row, stream } = await openUpload(ctx, id);
  if (row.family_user_id !== user.familyId) throw new AppError(403, "NOT_YOUR_STUDENT");
  return { row, stream: stream() };
}
