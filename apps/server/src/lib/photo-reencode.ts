import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { AppError } from "./errors.ts";

/** Refuses decompression bombs before decoding (a 1 MB PNG can claim gigapixels). */
const MAX_INPUT_PIXELS = 40_000_000;

export interface ReencodedPhoto {
  bytes: Buffer;
  mime: string;
  ext: string;
}

/**
 * Checks a photo by its content (JPEG or PNG, whatever its name says) and re-encodes it: only the
 * pixels survive, so metadata (GPS, camera, names) and anything hidden after or inside the image
 * (polyglots) are gone. With `squarePx` it becomes a square JPEG of that size (the student's and
 * the candidates' photos); otherwise it keeps its format and size. 400 UPLOAD_NOT_IMAGE otherwise.
 */
export async function reencodePhoto(buffer: Buffer, options: { squarePx?: number } = {}): Promise<ReencodedPhoto> {
  const type = await fileTypeFromBuffer(buffer);
  if (type?.mime !== "image/jpeg" && type?.mime !== "image/png") throw new AppError(400, "UPLOAD_NOT_IMAGE");
  try {
    const image = sharp(buffer, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    if (options.squarePx) {
      const bytes = await image
        .resize(options.squarePx, options.squarePx, { fit: "cover" })
        .jpeg({ quality: 88 })
        .toBuffer();
      return { bytes, mime: "image/jpeg", ext: "jpg" };
    }
    if (type.mime === "image/png") return { bytes: await image.png().toBuffer(), mime: "image/png", ext: "png" };
    return { bytes: await image.jpeg({ quality: 90 }).toBuffer(), mime: "image/jpeg", ext: "jpg" };
  } catch {
    throw new AppError(400, "UPLOAD_NOT_IMAGE");
  }
}
