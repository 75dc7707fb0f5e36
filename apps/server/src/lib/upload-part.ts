import type { MultipartFile } from "@fastify/multipart";
import { bytesToMb } from "@portal/shared/file-settings";
import type { FastifyRequest } from "fastify";
import { AppError } from "./errors.ts";

/**
 * A multipart body the parser cannot read (no boundary, a broken part header, a body cut short):
 * busboy throws plain errors without a status, which would otherwise end as a 500.
 * Errors the multipart plugin gives a 4xx status (limits, not multipart) keep their own answer.
 */
function malformedOr(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: number }).statusCode;
  if (typeof status === "number" && status >= 400 && status < 500 && status !== 406) return error;
  return new AppError(400, "UPLOAD_MALFORMED");
}

/**
 * The request's one file part, named `file`: 415 when the body is not multipart, 400
 * UPLOAD_MALFORMED when it cannot be parsed, 400 UPLOAD_MISSING when it holds no `file` part.
 * Every upload endpoint starts with this, so none of them answers a malformed body with a 500.
 */
export async function uploadedFilePart(
  request: FastifyRequest,
  options?: { limits?: { fileSize?: number } },
): Promise<MultipartFile> {
  if (!request.isMultipart()) throw new AppError(415, "UNSUPPORTED_MEDIA_TYPE");
  let part: MultipartFile | undefined;
  try {
    part = await request.file(options);
  } catch (error) {
    throw malformedOr(error);
  }
  if (part?.fieldname !== "file") throw new AppError(400, "UPLOAD_MISSING");
  return part;
}

/**
 * The part's bytes, at most `maxBytes`. Multipart's own limit (the ceiling set on the plugin)
 * and ours both answer 413 UPLOAD_TOO_LARGE naming `maxBytes` in MB, never a 500; a body that
 * breaks off or is malformed inside the part answers 400 UPLOAD_MALFORMED.
 */
export async function readUploadPart(part: MultipartFile, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new AppError(413, "UPLOAD_TOO_LARGE", { mb: bytesToMb(maxBytes) });
  let buffer: Buffer;
  try {
    buffer = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    throw malformedOr(error);
  }
  if (part.file.truncated || buffer.length > maxBytes) throw tooLarge();
  return buffer;
}
