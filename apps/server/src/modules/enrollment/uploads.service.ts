import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { MultipartFile } from "@fastify/multipart";
import { fileTypeFromBuffer } from "file-type";
import { PDFDocument } from "pdf-lib";
import type { AppContext } from "../../context.ts";
import { nowIso } from "../../db/database.ts";
import { randomToken } from "../../lib/crypto.ts";
import { AppError } from "../../lib/errors.ts";
import type { CurrentUser } from "../../plugins/request-types.ts";
import { findFile, findStudent } from "./enrollment.repository.ts";

/** Documents the wizard asks for as PDF (spec 5); at most 5 MB each (issue #3). */
export const PDF_KINDS = [
  "identityDocument",
  "legalBacking",
  "incapacityCertificate",
  "sportCertificate",
  "vaccinationBooklet",
] as const;
export type PdfKind = (typeof PDF_KINDS)[number];
export const MAX_PDF_BYTES = 5 * 1024 * 1024;

function storageDir(ctx: AppContext): string {
  return path.join(ctx.config.dataDir, "files");
}

/**
 * True only for a real PDF: the magic bytes say so, pdf-lib parses it, and it has a page. pdf-lib
 * is lenient and "loads" a PDF header followed by anything as an empty document; the page count
 * is what tells a document from a header glued onto something else.
 */
async function isRealPdf(buffer: Buffer): Promise<boolean> {
  const type = await fileTypeFromBuffer(buffer);
  if (type?.mime !== "application/pdf") return false;
  try {
    const pdf = await PDFDocument.load(buffer, { updateMetadata: false });
    return pdf.getPageCount() > 0;
  } catch {
    return false;
  }
}

/** The uploaded name, reduced to something safe to show and to send back in a header. */
function safeName(name: string): string {
  const base = path
    .basename(name)
    .replace(/[^\p{L}\p{N}._ -]/gu, "_")
    .slice(0, 120);
  return base || "document.pdf";
}

const tooLarge = () => new AppError(413, "UPLOAD_TOO_LARGE", { mb: MAX_PDF_BYTES / 1024 / 1024 });

/** The part's bytes; multipart's own size limit becomes our message naming the limit. */
async function readAll(part: MultipartFile): Promise<Buffer> {
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    throw error;
  }
}

export async function storePdf(ctx: AppContext, user: CurrentUser, fileId: number, kind: PdfKind, part: MultipartFile) {
  const file = await findFile(ctx.db, fileId);
  if (!file) throw new AppError(404, "NOT_FOUND");
  const student = await findStudent(ctx.db, file.student_id);
  if (student?.family_user_id !== user.id) throw new AppError(403, "NOT_YOUR_STUDENT");
  if (file.status !== "draft") throw new AppError(409, "FILE_LOCKED");

  const buffer = await readAll(part);
  if (part.file.truncated || buffer.length > MAX_PDF_BYTES) throw tooLarge();
  if (!(await isRealPdf(buffer))) throw new AppError(400, "UPLOAD_NOT_PDF");

  const storageKey = `${randomToken(18)}.pdf`;
  fs.mkdirSync(storageDir(ctx), { recursive: true });
  fs.writeFileSync(path.join(storageDir(ctx), storageKey), buffer, { mode: 0o600 });
  const row = await ctx.db
    .insertInto("uploads")
    .values({
      family_user_id: user.id,
      file_id: file.id,
      kind,
      original_name: safeName(part.filename),
      content_type: "application/pdf",
      size: buffer.length,
      sha256: createHash("sha256").update(buffer).digest("hex"),
      storage_key: storageKey,
      created_at: nowIso(),
    })
    .returning(["id", "kind", "original_name", "size", "content_type"])
    .executeTakeFirstOrThrow();
  return { id: row.id, kind: row.kind, name: row.original_name, size: row.size, contentType: row.content_type };
}

/** An upload's bytes for its family (staff access arrives with the staff issue). */
export async function readUpload(ctx: AppContext, user: CurrentUser, id: number) {
  const row = await ctx.db.selectFrom("uploads").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new AppError(404, "NOT_FOUND");
  if (row.family_user_id !== user.id) throw new AppError(403, "NOT_YOUR_STUDENT");
  return { row, stream: fs.createReadStream(path.join(storageDir(ctx), row.storage_key)) };
}
