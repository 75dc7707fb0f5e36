import { createHash } from "node:crypto";
import { PDFDocument } from "pdf-lib";
import { nowIso } from "../../src/db/database.ts";
import { sentFile } from "./sent-files.ts";
import type { TestApp } from "./test-app.ts";

/*
 * A completed signed document as the signing pipeline leaves it (docs/rules/documents.md "Signing
 * online"), written straight into the signing tables: the public checker's specs read these rows
 * and need no ceremony before them.
 */

export const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** A small PDF whose bytes are unique to `marker`. */
export async function markerPdf(marker: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage().drawText(marker);
  doc.setTitle(marker);
  return doc.save();
}

let codes = 0;
/** A verification code unique in the run (Crockford base32, 10 characters). */
export function uniqueVerificationCode(): string {
  codes += 1;
  const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  let n = Date.now() * 1000 + codes + Math.floor(Math.random() * 1000);
  let code = "";
  for (let i = 0; i < 10; i++) {
    code = alphabet[n % 32]! + code;
    n = Math.floor(n / 32);
  }
  return code;
}

/** A sent request's contract, signed by both representatives and the school, its final PDF `pdf`. */
export async function completedContract(
  t: TestApp,
  opts: { pdf: Uint8Array; status?: string; sealed?: boolean; code?: string },
) {
  const sent = await sentFile(t);
  const request = await t.ctx.db
    .selectFrom("requests")
    .select(["id", "school_year_id"])
    .where("code", "=", sent.code)
    .executeTakeFirstOrThrow();
  const version = await t.ctx.db
    .selectFrom("school_documents as d")
    .innerJoin("school_document_versions as v", "v.document_id", "d.id")
    .select(["d.id as documentId", "v.id as versionId"])
    .where("d.school_year_id", "=", request.school_year_id)
    .where("d.key", "=", "contract")
    .where("v.published_at", "is not", null)
    .orderBy("v.number", "desc")
    .executeTakeFirstOrThrow();
  const code = opts.code ?? uniqueVerificationCode();
  const at = nowIso();
  const row = await t.ctx.db
    .insertInto("signing_documents")
    .values({
      request_id: request.id,
      file_id: sent.fileId,
      document_id: version.documentId,
      version_id: version.versionId,
      language: "es",
      status: opts.status ?? "complete",
      signed_text: "{}",
      text_sha256: "0".repeat(64),
      final_storage_key: "signed-test.pdf",
      final_sha256: sha256Hex(opts.pdf),
      verification_code: code,
      sealed: opts.sealed ? 1 : 0,
      completed_at: at,
      created_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const signers = [
    { role: "school", name: "Secretaría del Colegio", signed_at: "2026-12-07T16:00:00.000Z" },
    { role: "representative2", name: "Carlos Pérez", signed_at: "2026-12-07T15:30:00.000Z" },
    { role: "representative1", name: "María Loor", signed_at: "2026-12-07T15:00:00.000Z" },
  ];
  await t.ctx.db
    .insertInto("signing_signers")
    .values(
      signers.map((signer) => ({
        signing_document_id: row.id,
        identification: "1710034065",
        email: "rep@example.com",
        created_at: at,
        ...signer,
      })),
    )
    .execute();
  return { code, completedAt: at, requestCode: sent.code, signingDocumentId: row.id };
}
