import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { minimalPdf, multipart } from "./support/documents.ts";
import { call, createTestApp, errorOf, type TestApp } from "./support/test-app.ts";
import { uploadTargets } from "./support/upload-targets.ts";

// A multipart body the parser cannot read is the client's mistake: 400 with a code, never a 500.

let t: TestApp;
let family: { cookie: string };
let admin: { cookie: string };
let fileId: number;
let templateId: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ family, admin, fileId, templateId } = await uploadTargets(t, "fr"));
});
afterAll(() => t?.close());

/** Every upload endpoint, with a caller allowed to use it. */
const endpoints = () => [
  { url: `/api/enrollment/files/${fileId}/uploads?kind=identityDocument`, cookie: family.cookie },
  { url: `/api/settings/file-templates/${templateId}/files/es`, cookie: admin.cookie },
  { url: "/api/settings/general/logo", cookie: admin.cookie },
  { url: "/api/sync/imports", cookie: admin.cookie },
];

const BOUNDARY = "----portal-bad-boundary";
const withBoundary = { "content-type": `multipart/form-data; boundary=${BOUNDARY}` };
const partHead = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;

/** Bodies no multipart parser can read: each must be UPLOAD_MALFORMED. */
const MALFORMED: [string, Record<string, string>, string | Buffer][] = [
  ["no boundary", { "content-type": "multipart/form-data" }, Buffer.concat([Buffer.from(partHead), minimalPdf()])],
  ["a body cut short inside the file", withBoundary, Buffer.concat([Buffer.from(partHead), minimalPdf()])],
  ["a file part whose closing boundary never comes", withBoundary, `${partHead}%PDF-1.4 and then nothing`],
];

describe("malformed multipart uploads", () => {
  for (const [what, headers, payload] of MALFORMED) {
    it(`answers ${what} with 400 UPLOAD_MALFORMED on every upload endpoint, in the user's language`, async () => {
      for (const { url, cookie } of endpoints()) {
        const response = await call(t, { method: "POST", url, cookie, headers, payload });
        expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
        expect(errorOf(response).code, url).toBe("UPLOAD_MALFORMED");
      }
    });
  }

  it("words the refusal in the caller's language", async () => {
    const [upload] = endpoints();
    const response = await call(t, {
      method: "POST",
      url: upload!.url,
      cookie: family.cookie,
      headers: { "content-type": "multipart/form-data" },
      payload: "x",
    });
    expect(errorOf(response).message).toContain("L'envoi n'a pas pu être lu");
  });

  it("answers a well-formed body without a file part, or with garbage around it, with a 4xx code", async () => {
    const bodies: [Record<string, string>, string][] = [
      [withBoundary, `--${BOUNDARY}--\r\n`],
      [withBoundary, "not multipart at all"],
      [withBoundary, ""],
      [
        withBoundary,
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="other"\r\n\r\nvalue\r\n--${BOUNDARY}--\r\n`,
      ],
      // Busboy reads these as a body without parts.
      [withBoundary, `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"`],
      [{ "content-type": "multipart/form-data; boundary=" }, "--\r\n\r\n"],
    ];
    for (const { url, cookie } of endpoints()) {
      for (const [headers, payload] of bodies) {
        const response = await call(t, { method: "POST", url, cookie, headers, payload });
        expect(response.statusCode, `${url} ${JSON.stringify(payload)}: ${response.body}`).toBe(400);
        expect(["UPLOAD_MALFORMED", "UPLOAD_MISSING"], url).toContain(errorOf(response).code);
      }
    }
  });

  it("still takes a well-formed upload", async () => {
    const response = await call(t, {
      method: "POST",
      url: `/api/enrollment/files/${fileId}/uploads?kind=identityDocument`,
      cookie: family.cookie,
      ...multipart(minimalPdf()),
    });
    expect(response.statusCode, response.body).toBe(201);
  });
});
