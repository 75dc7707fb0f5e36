import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { translate } from "@portal/i18n/translate";
import { DOCUMENT_CHECK_PATH, SIGNING_ERRORS, VERIFICATION_CODE_LENGTH } from "@portal/shared/schemas/signing";
import type { AppContext } from "../../context.ts";
import { nowIso, writeTransaction } from "../../db/database.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { randomToken } from "../../lib/crypto.ts";
import { AppError } from "../../lib/errors.ts";
import { drawSignedInWorker } from "../../lib/pdf-pool.ts";
import { removeStoredFile, writeStoredFile } from "../../lib/stored-files.ts";
import { sealWithSchoolCertificate } from "../school-seal/school-seal.service.ts";
import { getIdentity } from "../settings/identity.service.ts";
import { findDocumentById, listSigners, type SigningDocumentRow, updateDocument } from "./signing.repository.ts";
import { insertEvents, listEvents } from "./signing-evidence.repository.ts";
import type { SignedPdfEvent, SignedPdfInput, SignedPdfSigner } from "./signing-final-pdf.ts";
import { eventOf, type Meta } from "./signing-rows.service.ts";
import { documentOf, type Loaded } from "./signing-state.service.ts";
import { maskEmail, parseText } from "./signing-text.ts";

/*
 * The final PDF of a countersigned document (docs/rules/documents.md "Signing online"), in one
 * pipeline: draw (in the PDF worker pool, never on the main thread) → [the school's seal, when it has
 * a certificate] → hash the bytes as served → store (stored-files) → complete (status, SHA-256,
 * verification code, event).
 */

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** 10 characters of Crockford base32 (no I, L, O, U): read aloud or typed without confusion. */
export function newVerificationCode(): string {
  const bytes = randomBytes(VERIFICATION_CODE_LENGTH);
  return Array.from(bytes, (byte) => CROCKFORD[byte % 32]).join("");
}

const filesDir = (ctx: AppContext) => path.join(ctx.config.dataDir, "files");
const sha256Bytes = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** What the drawing thread gets: plain data only. */
async function pdfInput(
  ctx: AppContext,
  loaded: Loaded,
  row: SigningDocumentRow,
  code: string,
): Promise<SignedPdfInput> {
  if (row.signed_text === null || row.text_sha256 === null) throw new AppError(409, SIGNING_ERRORS.notReady);
  const text = parseText(row.signed_text);
  const signers = (await listSigners(ctx.db, [row.id])).filter((x) => x.signed_at !== null);
  const order = ["representative1", "representative2", "school"];
  const identity = await getIdentity(ctx);
  const events = await listEvents(ctx.db, row.id);
  return {
    language: loaded.s.language,
    title: text.title,
    blocks: text.blocks,
    textSha256: row.text_sha256,
    schoolName: identity.schoolName,
    accent: identity.primaryColor,
    requestCode: loaded.s.request.code,
    studentName: loaded.s.request.studentName,
    schoolYear: loaded.s.source.schoolYearLabel,
    verificationCode: code,
    checkerUrl: `${ctx.config.publicUrl}${DOCUMENT_CHECK_PATH}`,
    signers: signers
      .sort((a, b) => order.indexOf(a.role) - order.indexOf(b.role))
      .map(
        (signer): SignedPdfSigner => ({
          role: signer.role as SignedPdfSigner["role"],
          name: signer.name,
          identification: signer.identification,
          signedAt: signer.signed_at ?? "",
          emailMasked: maskEmail(signer.email),
          typedName: signer.typed_name,
        }),
      ),
    events: events.map(
      (event): SignedPdfEvent => ({
        at: event.at,
        kind: event.kind,
        who: event.signerRole
          ? { role: event.signerRole }
          : event.userNames !== null
            ? { name: [event.userNames, event.userFirstSurname, event.userSecondSurname].filter(Boolean).join(" ") }
            : null,
        ip: event.ip,
        userAgent: event.user_agent,
      }),
    ),
  };
}

/** Draws, stores and completes a countersigned document; the row as completed. */
export async function completeSigning(ctx: AppContext, loaded: Loaded, documentId: number, meta: Meta) {
  const { row } = documentOf(loaded, documentId);
  const fresh = await findDocumentById(ctx.db, row.id);
  if (fresh?.status !== "awaitingSchool") throw new AppError(409, SIGNING_ERRORS.notReady);
  const code = newVerificationCode();
  const input = await pdfInput(ctx, loaded, fresh, code);
  const drawn = await drawSignedInWorker(input);
  // The school's seal when it has a certificate (docs/rules/documents.md "Seal"), before the hash:
  // the bytes hashed and stored are the sealed ones, as served and as the checker reads them.
  const seal = await sealWithSchoolCertificate(ctx, drawn, {
    reason: translate(input.language, "documents:signed.sealReason", { school: input.schoolName, code }),
    name: input.schoolName,
    location: "",
    contactInfo: input.checkerUrl,
  });
  const bytes = Buffer.from(seal.bytes);
  const finalSha256 = sha256Bytes(bytes);
  const name = `signed-${randomToken(16)}.pdf`;
  writeStoredFile(filesDir(ctx), name, bytes);
  const at = nowIso();
  try {
    const done = await writeTransaction(ctx.db, ctx.engine, async (trx) => {
      const updated = await updateDocument(trx, fresh.id, Number(fresh.version), {
        status: "complete",
        final_storage_key: name,
        final_sha256: finalSha256,
        verification_code: code,
        sealed: seal.sealed ? 1 : 0,
        completed_at: at,
      });
      if (updated) await insertEvents(trx, [eventOf(fresh.id, "completed", meta, null, at)]);
      return updated;
    });
    if (!done) {
      removeStoredFile(filesDir(ctx), name);
      throw new AppError(409, "VERSION_CONFLICT");
    }
  } catch (error) {
    removeStoredFile(filesDir(ctx), name);
    // A verification code already given (one in 32^10): the countersign may simply be repeated.
    if (isUniqueViolation(error)) throw new AppError(409, "VERSION_CONFLICT");
    throw error;
  }
}

/** The stored final PDF of a complete document (404 SIGNING_FINAL_NOT_FOUND before). */
export async function finalPdf(ctx: AppContext, loaded: Loaded, documentId: number) {
  const { row } = documentOf(loaded, documentId);
  if (row.status !== "complete" || !row.final_storage_key) throw new AppError(404, SIGNING_ERRORS.finalNotFound);
  const bytes = await fs.readFile(path.join(filesDir(ctx), row.final_storage_key)).catch(() => undefined);
  if (!bytes) throw new AppError(404, SIGNING_ERRORS.finalNotFound);
  const title = parseText(row.signed_text ?? "{}").title;
  return { bytes, fileName: `${loaded.s.request.code}-${title}.pdf` };
}
