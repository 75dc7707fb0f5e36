import { UPLOAD_KINDS } from "@portal/shared/upload-kinds";

/** Representative and authorized-person photos: png or jpg of at most 1 MB (spec 5). */
export const MAX_PHOTO_BYTES = UPLOAD_KINDS.representativePhoto.maxBytes;

const PHOTO_TYPES = ["image/png", "image/jpeg"];

/** Checked before sending (the server decodes and re-encodes it): a png or jpg within `maxBytes`. */
export function checkPhotoUpload(
  file: { name: string; type: string; size: number },
  maxBytes = MAX_PHOTO_BYTES,
): "notPhoto" | "tooLarge" | null {
  const isPhoto = PHOTO_TYPES.includes(file.type) || (file.type === "" && /\.(png|jpe?g)$/i.test(file.name));
  if (!isPhoto) return "notPhoto";
  if (file.size > maxBytes) return "tooLarge";
  return null;
}
