import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { flat, readPdfText } from "./support/pdf-text.ts";
import { sentFile } from "./support/sent-files.ts";
import { waitForMail } from "./support/smtp.ts";
import { call, createTestApp, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

// A sent file's PDFs are drawn once (when the confirmation e-mail goes out, or at the
// first download) and stored; downloads read the stored file while what it shows is unchanged;
// "generate a new report" draws it again.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const filesDir = () => path.join(inject("dataDir"), "files");
const stored = (fileId: number) =>
  t.ctx.db
    .selectFrom("file_documents")
    .selectAll()
    .where("file_id", "=", fileId)
    .orderBy("kind")
    .orderBy("language")
    .execute();
/**
 * A sent file once its confirmation e-mail is out: the e-mail's attachments are drawn and stored
 * in the background, and a download racing them would see its stored PDF replaced meanwhile.
 */
async function sentAndMailed() {
  const after = t.mails.length;
  const sent = await sentFile(t);
  await waitForMail(t.mails, sent.family.email, after, 15_000);
  return sent;
}
const summaryUrl = (fileId: number, query = "") => `/api/enrollment/files/${fileId}/documents/summary${query}`;

describe("stored enrollment documents", () => {
  it("are drawn and stored when the confirmation e-mail goes out, in the family's language", async () => {
    const after = t.mails.length;
    const { family, fileId } = await sentFile(t, { language: "fr" });
    await waitForMail(t.mails, family.email, after, 15_000);
    const rows = await stored(fileId);
    expect(rows.filter((row) => row.language === "fr").map((row) => row.kind)).toEqual(["summary", "to-sign"]);
    for (const row of rows) {
      expect(fs.statSync(path.join(filesDir(), row.storage_key)).size).toBe(row.size);
    }
  });

  it("a download reads the stored PDF; generate a new report draws and stores a new one", async () => {
    const { family, fileId } = await sentAndMailed();
    const first = await call(t, { method: "GET", url: summaryUrl(fileId), cookie: family.cookie });
    expect(first.statusCode, first.body).toBe(200);
    const [row] = (await stored(fileId)).filter((entry) => entry.kind === "summary" && entry.language === "es");
    if (!row) throw new Error("not stored");
    const again = await call(t, { method: "GET", url: summaryUrl(fileId), cookie: family.cookie });
    expect(again.rawPayload.equals(fs.readFileSync(path.join(filesDir(), row.storage_key)))).toBe(true);
    expect(
      (await stored(fileId)).find((entry) => entry.kind === "summary" && entry.language === "es")?.storage_key,
    ).toBe(row.storage_key);

    const fresh = await call(t, { method: "GET", url: summaryUrl(fileId, "?regenerate=true"), cookie: family.cookie });
    expect(fresh.statusCode).toBe(200);
    const replaced = (await stored(fileId)).find((entry) => entry.kind === "summary" && entry.language === "es");
    expect(replaced?.storage_key).not.toBe(row.storage_key);
    // The replaced file is gone from the disk; the new one is what was answered.
    expect(fs.existsSync(path.join(filesDir(), row.storage_key))).toBe(false);
    expect(fresh.rawPayload.equals(fs.readFileSync(path.join(filesDir(), replaced!.storage_key)))).toBe(true);
  });

  it("is drawn again once what it shows has changed (a staff correction), never served out of date", async () => {
    const { family, fileId } = await sentAndMailed();
    const before = await call(t, { method: "GET", url: summaryUrl(fileId), cookie: family.cookie });
    const oldKey = (await stored(fileId)).find(
      (entry) => entry.kind === "summary" && entry.language === "es",
    )?.storage_key;
    // What a staff correction of the second representative writes: the step's data.
    const step = await t.ctx.db
      .selectFrom("enrollment_steps")
      .select("data")
      .where("file_id", "=", fileId)
      .where("step", "=", "secondRepresentative")
      .executeTakeFirstOrThrow();
    const data = { ...JSON.parse(step.data), email: "corrected.address@school.test" };
    await t.ctx.db
      .updateTable("enrollment_steps")
      .set({ data: JSON.stringify(data) })
      .where("file_id", "=", fileId)
      .where("step", "=", "secondRepresentative")
      .execute();

    const after = await call(t, { method: "GET", url: summaryUrl(fileId), cookie: family.cookie });
    expect(flat((await readPdfText(before.rawPayload)).text)).not.toContain("corrected.address@school.test");
    expect(flat((await readPdfText(after.rawPayload)).text)).toContain("corrected.address@school.test");
    const newKey = (await stored(fileId)).find(
      (entry) => entry.kind === "summary" && entry.language === "es",
    )?.storage_key;
    expect(newKey).not.toBe(oldKey);
  });

  it("a stored file lost from the disk is drawn again, not an error", async () => {
    const { family, fileId } = await sentAndMailed();
    await call(t, { method: "GET", url: summaryUrl(fileId), cookie: family.cookie });
    for (const row of await stored(fileId)) fs.rmSync(path.join(filesDir(), row.storage_key), { force: true });
    const response = await call(t, { method: "GET", url: summaryUrl(fileId), cookie: family.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("refuses a regenerate that is not true or false, and another family's file", async () => {
    const { family, fileId } = await sentFile(t);
    const bad = await call(t, { method: "GET", url: summaryUrl(fileId, "?regenerate=yes"), cookie: family.cookie });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).code).toBe("VALIDATION_ERROR");
    const other = await signedInAs(t, "User");
    const refused = await call(t, { method: "GET", url: summaryUrl(fileId, "?regenerate=true"), cookie: other.cookie });
    expect(refused.statusCode).toBe(403);
  });
});
