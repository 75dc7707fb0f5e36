import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forgePkcs12 } from "./support/certificates.ts";
import { actOn } from "./support/erasure.ts";
import type { OwnDatabase } from "./support/own-database.ts";
import { pdfsig } from "./support/pdf-verifiers.ts";
import { uploadCertificate } from "./support/school-certificate.ts";
import { contractOf, familySigns, linkSigns, type SigningFamily, sendLink, signingFamily } from "./support/signing.ts";
import { startSmtp } from "./support/smtp.ts";
import { smtpOutboxApp } from "./support/smtp-outbox-app.ts";
import { call, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

/*
 * The school's seal on a document signed online (docs/rules/documents.md "Seal", "Checking a
 * document"): with a certificate uploaded, the countersigned final PDF is sealed, pdfsig finds the
 * seal valid over the whole file, and the public checker finds the document by its code and by the
 * PDF's bytes; one changed byte is neither valid nor found. Erasing the applicant removes its final
 * PDF from the disk (docs/rules/data-protection.md "Erasure"). A database of its own: the certificate
 * is school-wide, and the other signing specs read unsealed PDFs.
 */

let t: TestApp;
let own: OwnDatabase;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  const app = await smtpOutboxApp("signing-seal");
  t = app.t;
  own = app.own;
  smtp = await startSmtp(app.port);
  admin = await signedInAs(t, "Admin");
});
afterAll(async () => {
  await smtp?.close();
  await t?.close();
  await own?.drop();
});

/** Both representatives sign `documentId`: the account with its code, the second through its link. */
async function representativesSign(f: SigningFamily, documentId: number) {
  const signed = await familySigns(t, smtp.mails, f, documentId);
  expect(signed.statusCode, signed.body).toBe(200);
  const { token } = await sendLink(t, smtp.mails, f, documentId);
  const byLink = await linkSigns(t, smtp.mails, f, token);
  expect(byLink.statusCode, byLink.body).toBe(200);
}

async function countersign(f: SigningFamily, documentId: number) {
  const staffUrl = `/api/requests/${f.requestId}/signing`;
  const state = await call(t, { method: "GET", url: staffUrl, cookie: admin.cookie });
  const read = (state.json().documents as { documentId: number; version: number }[]).find(
    (d) => d.documentId === documentId,
  )!;
  const done = await call(t, {
    method: "POST",
    url: `${staffUrl}/${documentId}/countersign`,
    cookie: admin.cookie,
    payload: { version: read.version },
  });
  expect(done.statusCode, done.body).toBe(200);
  const pdf = await call(t, { method: "GET", url: `${staffUrl}/${documentId}/final.pdf`, cookie: admin.cookie });
  expect(pdf.statusCode).toBe(200);
  return pdf.rawPayload;
}

const check = (url: string, payload: object, headers: Record<string, string> = {}) =>
  call(t, { method: "POST", url, payload: payload as never, headers: { "accept-language": "en", ...headers } });

function pdfUpload(bytes: Buffer) {
  const boundary = "----seal-check";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="final.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

describe("the seal on a document signed online", () => {
  it("seals the final PDF when a certificate is uploaded; the checker finds it by code and by bytes, not once changed", async () => {
    const uploaded = await uploadCertificate(
      t,
      admin.cookie,
      forgePkcs12({ commonName: "Colegio Sellador" }),
      "secret",
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const f = await signingFamily(t);
    const contract = await contractOf(t, f);
    await representativesSign(f, contract.documentId);
    const pdf = await countersign(f, contract.documentId);

    const report = pdfsig(pdf);
    expect(report).toContain("Signer Certificate Common Name: Colegio Sellador");
    expect(report).toContain("Signature Type: ETSI.CAdES.detached");
    expect(report).toContain("Signature Validation: Signature is Valid.");
    expect(report).toContain("Total document signed");

    const complete = await contractOf(t, f);
    const byCode = await check("/api/document-checks/code", { code: complete.verificationCode });
    expect(byCode.statusCode, byCode.body).toBe(200);
    expect(byCode.json()).toMatchObject({ found: true, title: "Educational services contract", sealed: true });
    expect(byCode.json().signers.map((s: { role: string }) => s.role)).toEqual([
      "representative1",
      "representative2",
      "school",
    ]);
    const upload = pdfUpload(pdf);
    const byBytes = await check("/api/document-checks/pdf", upload.payload, upload.headers);
    expect(byBytes.statusCode, byBytes.body).toBe(200);
    expect(byBytes.json().title).toBe("Educational services contract");

    const changed = Buffer.from(pdf);
    changed[10] = (changed[10]! + 1) % 256;
    expect(pdfsig(changed)).toContain("Digest Mismatch");
    const changedUpload = pdfUpload(changed);
    const notFound = await check("/api/document-checks/pdf", changedUpload.payload, changedUpload.headers);
    expect(notFound.statusCode).toBe(404);
    expect(errorOf(notFound).code).toBe("DOCUMENT_CHECK_NOT_FOUND");
  });

  it("carries the evidence page only, not sealed, once the certificate is removed", async () => {
    expect(
      (await call(t, { method: "DELETE", url: "/api/settings/school-certificate", cookie: admin.cookie })).statusCode,
    ).toBe(200);
    const f = await signingFamily(t);
    const contract = await contractOf(t, f);
    await representativesSign(f, contract.documentId);
    const pdf = await countersign(f, contract.documentId);
    expect(pdfsig(pdf)).toContain("does not contain any signatures");
    const complete = await contractOf(t, f);
    const byCode = await check("/api/document-checks/code", { code: complete.verificationCode });
    expect(byCode.json().sealed).toBe(false);
  });
});

describe("erasing an applicant whose documents were signed online", () => {
  it("removes the final PDF from the disk with the request's signing rows", { timeout: 60_000 }, async () => {
    const f = await signingFamily(t);
    const contract = await contractOf(t, f);
    await representativesSign(f, contract.documentId);
    await countersign(f, contract.documentId);
    const { final_storage_key: key } = await t.ctx.db
      .selectFrom("signing_documents")
      .select("final_storage_key")
      .where("request_id", "=", f.requestId)
      .where("document_id", "=", contract.documentId)
      .executeTakeFirstOrThrow();
    const finalPdf = path.join(own.dataDir, "files", key!);
    expect(fs.existsSync(finalPdf)).toBe(true);

    const staff = await signedInAs(t, "Secretaria");
    await actOn(t, staff.cookie, f.requestId, "refuse", { comment: "No places left." });
    const { student_name: name } = await t.ctx.db
      .selectFrom("enrollment_files as ef")
      .innerJoin("students as s", "s.id", "ef.student_id")
      .select("s.student_name")
      .where("ef.id", "=", f.fileId)
      .executeTakeFirstOrThrow();
    const erased = await call(t, {
      method: "POST",
      url: `/api/requests/${f.requestId}/erasure`,
      cookie: staff.cookie,
      payload: { scope: "applicant", confirmName: name },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({ filesPending: 0 });
    expect(fs.existsSync(finalPdf)).toBe(false);
    const left = await t.ctx.db
      .selectFrom("signing_documents")
      .select("id")
      .where("request_id", "=", f.requestId)
      .execute();
    expect(left).toEqual([]);
  });
});
