import type { MultipartFile } from "@fastify/multipart";
import { bytesToMb } from "@portal/shared/file-settings";
import { AppError } from "./errors.ts";

/**
 * The part's bytes, at most `maxBytes`. Multipart's own limit (the ceiling set on the plugin)
 * and ours both answer 413 UPLOAD_TOO_LARGE naming `maxBytes` in MB, never a 500.
 */
export async function readUploadPart(part: MultipartFile, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new AppError(413, "UPLOAD_TOO_LARGE", { mb: bytesToMb(maxBytes) });
  let buffer: Buffer;
  try {
    buffer = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    throw error;
  }
  if (part.file.truncated || buffer.length > maxBytes) throw tooLarge();
  return buffer;
}
