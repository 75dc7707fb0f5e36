import { createHash } from "node:crypto";
import type { MultipartFile } from "@fastify/multipart";
import type { Language } from "@portal/shared/languages";
import { DOCUMENT_CHECK_MAX_BYTES, type DocumentCheckResult } from "@portal/shared/schemas/document-checks";
import { SIGNER_ROLES, type SignerRole } from "@portal/shared/schemas/signing";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { readUploadPart } from "../../lib/upload-part.ts";
import { countAttempt, THROTTLE } from "../auth/throttle.ts";
import {
  type CheckedDocumentRow,
  findCompletedByCode,
  findCompletedBySha256,
  listSignatures,
} from "./document-checks.repository.ts";

/*
 * The public checker (docs/rules/documents.md "Checking a document"): anyone holding a signed PDF,
 * or the code printed on it, asks whether the portal holds that document. The answer names the
 * document, its signers and dates and whether the school sealed it; never the request, the student
 * or anything else. Each check counts against the caller's address (THROTTLE.documentCheckClient).
 */

const notFound = () => new AppError(404, "DOCUMENT_CHECK_NOT_FOUND");

async function resultOf(ctx: AppContext, row: CheckedDocumentRow | undefined, language: Language) {
  if (!row?.completed_at) throw notFound();
  const signatures = await listSignatures(ctx.db, row.id);
  const order = (role: string) => SIGNER_ROLES.indexOf(role as SignerRole);
  const titles = { es: row.title_es, en: row.title_en, fr: row.title_fr };
  return {
    found: true,
    title: titles[language] || row.title_es,
    signers: signatures
      .sort((a, b) => order(a.role) - order(b.role))
      .map((signer) => ({ role: signer.role as SignerRole, name: signer.name, signedAt: signer.signed_at ?? "" })),
    completedAt: row.completed_at,
    sealed: row.sealed === 1,
  } satisfies DocumentCheckResult;
}

export async function checkByCode(ctx: AppContext, ip: string, code: string, language: Language) {
  await countAttempt(ctx.db, THROTTLE.documentCheckClient, ip);
  return resultOf(ctx, await findCompletedByCode(ctx.db, code), language);
}

/** Found when the file's bytes are exactly a final PDF's (its SHA-256): a changed byte is not found. */
export async function checkByPdf(ctx: AppContext, ip: string, part: MultipartFile, language: Language) {
  await countAttempt(ctx.db, THROTTLE.documentCheckClient, ip);
  const bytes = await readUploadPart(part, DOCUMENT_CHECK_MAX_BYTES);
  // Checked by content, not by name or type: a PDF starts with its header.
  if (bytes.subarray(0, 5).toString("latin1") !== "%PDF-") throw new AppError(400, "UPLOAD_NOT_PDF");
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  return resultOf(ctx, await findCompletedBySha256(ctx.db, sha256), language);
}
