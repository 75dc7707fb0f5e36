import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completedContract, markerPdf } from "./support/document-checks.ts";
import { multipart } from "./support/documents.ts";
import { call, createTestApp, errorOf, type TestApp } from "./support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const byCode = (code: unknown, language = "en", remoteAddress?: string) =>
  call(t, {
    method: "POST",
    url: "/api/document-checks/code",
    payload: { code },
    headers: { "accept-language": language },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const byPdf = (bytes: Uint8Array, language = "en") => {
  const { payload, headers } = multipart(Buffer.from(bytes), "contrato.pdf", "application/pdf");
  return call(t, {
    method: "POST",
    url: "/api/document-checks/pdf",
    payload,
    headers: { ...headers, "accept-language": language },
  });
};

describe("the public checker of signed documents", () => {
  let pdf: Uint8Array;
  let done: Awaited<ReturnType<typeof completedContract>>;
  beforeAll(async () => {
    pdf = await markerPdf(`checker ${Date.now()}`);
    done = await completedContract(t, { pdf, sealed: true });
  });

  it("finds a completed document by its code, without a session, and shows only its title, signers and dates", async () => {
    const response = await byCode(done.code);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      found: true,
      title: "Educational services contract",
      signers: [
        { role: "representative1", name: "María Loor", signedAt: "2026-12-07T15:00:00.000Z" },
        { role: "representative2", name: "Carlos Pérez", signedAt: "2026-12-07T15:30:00.000Z" },
        { role: "school", name: "Secretaría del Colegio", signedAt: "2026-12-07T16:00:00.000Z" },
      ],
      completedAt: done.completedAt,
      sealed: true,
    });
    // Nothing about the request or the student.
    expect(response.body).not.toContain(done.requestCode);
    expect(response.body).not.toContain("1710034065");
    expect(response.body).not.toContain("example.com");
  });

  it("reads the code as people type it: any case, spaces and hyphens, O for 0, I and L for 1; the title in the reader's language", async () => {
    const typed = `${done.code.slice(0, 5).toLowerCase()} - ${done.code.slice(5)}`
      .replace(/0/g, "o")
      .replace(/1/g, "l");
    const response = await byCode(typed, "es");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().title).toBe("Contrato de prestación de servicios educativos");
  });

  it("finds it by the PDF's exact bytes; one changed byte is not found", async () => {
    const found = await byPdf(pdf);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({ found: true, title: "Educational services contract", sealed: true });
    const changed = Buffer.from(pdf);
    changed[changed.length - 10] = (changed[changed.length - 10]! + 1) % 256;
    const missing = await byPdf(changed);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toMatchObject({
      code: "DOCUMENT_CHECK_NOT_FOUND",
      message: "The portal holds no signed document with this code or this content",
    });
  });

  it("does not find a document that is not complete, nor an unknown code", async () => {
    const waiting = await completedContract(t, {
      pdf: await markerPdf(`waiting ${Date.now()}`),
      status: "awaitingSchool",
    });
    const response = await byCode(waiting.code);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe("DOCUMENT_CHECK_NOT_FOUND");
    expect((await byCode("ZZZZZZZZZZ", "fr")).json().error.message).toBe(
      "Le portail ne détient aucun document signé avec ce code ou ce contenu",
    );
  });

  it("refuses bad input with a 4xx and a clear reason, never a 500", async () => {
    for (const code of ["", "abc", "!!!!!!!!!!", "U".repeat(10), 12345, null, "A".repeat(65)]) {
      const response = await byCode(code);
      expect(response.statusCode, String(code)).toBe(400);
      expect(errorOf(response).code).toBe("VALIDATION_ERROR");
    }
    const extra = await call(t, {
      method: "POST",
      url: "/api/document-checks/code",
      payload: { code: done.code, requestCode: "x" },
    });
    expect(extra.statusCode).toBe(400);
    const notPdf = await byPdf(Buffer.from("PK\u0003\u0004 a zip, not a PDF"));
    expect(notPdf.statusCode).toBe(400);
    expect(errorOf(notPdf).code).toBe("UPLOAD_NOT_PDF");
    const tooBig = await byPdf(Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(10 * 1024 * 1024)]));
    expect(tooBig.statusCode).toBe(413);
    expect(errorOf(tooBig).code).toBe("UPLOAD_TOO_LARGE");
    const json = await call(t, { method: "POST", url: "/api/document-checks/pdf", payload: { file: "x" } });
    expect(json.statusCode).toBe(415);
    const wrongPart = multipart(Buffer.from("%PDF-1.7"), "a.pdf");
    const noFile = await call(t, {
      method: "POST",
      url: "/api/document-checks/pdf",
      headers: wrongPart.headers,
      payload: wrongPart.payload.toString("latin1").replace('name="file"', 'name="pdf"'),
    });
    expect(noFile.statusCode).toBe(400);
    expect(errorOf(noFile).code).toBe("UPLOAD_MISSING");
  });

  it("is rate-limited per address like the other public endpoints (429 RATE_LIMITED)", async () => {
    const address = "10.250.250.250";
    const answers: number[] = [];
    for (let i = 0; i < 61; i++) answers.push((await byCode("ZZZZZZZZZZ", "en", address)).statusCode);
    expect(answers.slice(0, 60).every((status) => status === 404)).toBe(true);
    expect(answers[60]).toBe(429);
    const refused = await byCode(done.code, "en", address);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).code).toBe("RATE_LIMITED");
    // Another address is not held back.
    expect((await byCode(done.code)).statusCode).toBe(200);
  });
});
