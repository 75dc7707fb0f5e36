import { UPLOAD_KINDS } from "@portal/shared/upload-kinds";

/** Representative and authorized-person photos: png or jpg of at most 1 MB (spec 5). */
export const MAX_PHOTO_BYTES = UPLOAD_KINDS.representativePhoto.maxBytes;

const PHOTO_TYPES = ["image/png", "image/jpeg"];
const EXTENSIONS: Record<string, RegExp> = { "image/png": /\.png$/i, "image/jpeg": /\.jpe?g$/i };

/**
 * Checked before sending (the server decodes and re-encodes it): a png or jpg within `maxBytes`,
 * of one of `accepted` (the types the school left on for the kind, Settings › Files).
 */
export function checkPhotoUpload(
  file: { name: string; type: string; size: number },
  maxBytes = MAX_PHOTO_BYTES,
  accepted: readonly string[] = PHOTO_TYPES,
): "notPhoto" | "tooLarge" | null {
  const isPhoto =
    accepted.includes(file.type) ||
    (file.type === "" && accepted.some((type) => EXTENSIONS[type]?.test(file.name) ?? false));
  if (!isPhoto) return "notPhoto";
  if (file.size > maxBytes) return "tooLarge";
  return null;
}
