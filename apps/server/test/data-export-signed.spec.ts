import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archiveEntries, prepareArchive } from "./support/data-export.ts";
import type { OwnDatabase } from "./support/own-database.ts";
import { bothSign, countersign, type SigningFamily, signingFamily, stateOf } from "./support/signing.ts";
import { startSmtp } from "./support/smtp.ts";
import { smtpOutboxApp } from "./support/smtp-outbox-app.ts";
import { signedInAs, type TestApp } from "./support/test-app.ts";

/*
 * "My data" carries the family's documents signed online (docs/data-protection.md): each complete
 * one's final PDF, the bytes exactly as stored (their SHA-256 is final_sha256), under
 * signed-documents/, listed in README.txt with its title, verification code and SHA-256 in the
 * family's language; a final PDF gone from the disk is listed as missing (the archive still ready);
 * another family's never appear. The whole ceremony runs through the endpoints and a real SMTP server.
 */

let t: TestApp;
let own: OwnDatabase;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let secretaria: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  const app = await smtpOutboxApp("data-export-signed");
  ({ t, own } = app);
  smtp = await startSmtp(app.port);
  secretaria = await signedInAs(t, "Secretaria");
});
afterAll(async () => {
  await smtp?.close();
  await t?.close();
  await own?.drop();
});

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Every document of the request signed by both representatives and countersigned; their rows. */
async function signedEverything(f: SigningFamily, count: number) {
  const documents = (await stateOf(t, f)).documents.slice(0, count);
  for (const document of documents) {
    await bothSign(t, smtp.mails, f, document.documentId);
    expect((await countersign(t, secretaria.cookie, f, document.documentId)).status).toBe("complete");
  }
  const rows = await t.ctx.db
    .selectFrom("signing_documents")
    .select(["id", "signed_text", "final_storage_key", "final_sha256", "verification_code"])
    .where("request_id", "=", f.requestId)
    .where("status", "=", "complete")
    .orderBy("id")
    .execute();
  expect(rows).toHaveLength(count);
  return rows.map((row) => ({ ...row, title: JSON.parse(row.signed_text!).title as string }));
}

describe("the family's archive: documents signed online", () => {
  it("holds each final signed PDF as stored, listed in the README; a missing one is said; another family's never", {
    timeout: 120_000,
  }, async () => {
    const smith = await signingFamily(t, { language: "en" });
    const other = await signingFamily(t, { language: "en" });
    const [kept, lost] = await signedEverything(smith, 2);
    const [theirs] = await signedEverything(other, 1);
    // The second final PDF is gone from the disk (a restore without it).
    fs.rmSync(path.join(t.ctx.config.dataDir, "files", lost!.final_storage_key!));

    const state = await prepareArchive(t, smith.family.cookie);
    expect(state).toMatchObject({ status: "ready", errorCode: null });
    const entries = await archiveEntries(t, smith.family.cookie, state.id);

    const entry = `signed-documents/${smith.code}-${kept!.title}.pdf`;
    expect(entries.has(entry), [...entries.keys()].join(", ")).toBe(true);
    expect(sha256(entries.get(entry)!)).toBe(kept!.final_sha256);
    expect(entries.get(entry)!.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const signedEntries = [...entries.keys()].filter((name) => name.startsWith("signed-documents/"));
    expect(signedEntries).toEqual([entry]);

    const readme = entries.get("README.txt")!.toString("utf8");
    expect(readme).toContain("- signed-documents/: the documents signed online, final PDFs exactly as stored (1)");
    expect(readme).toContain(
      `- ${entry}: ${kept!.title}, verification code ${kept!.verification_code}, SHA-256 ${kept!.final_sha256}`,
    );
    expect(readme).toContain(
      `- missing: ${lost!.title}, verification code ${lost!.verification_code}, SHA-256 ${lost!.final_sha256}`,
    );
    expect(readme).toContain("Files the portal has a record of but could not read (1):");
    expect(readme).toContain(`- signedDocument: ${smith.code}-${lost!.title}`);

    const data = JSON.parse(entries.get("data.json")!.toString("utf8"));
    const validate = new Ajv2020({ strict: false }).compile(JSON.parse(entries.get("schema.json")!.toString("utf8")));
    expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
    const complete = data.signatures.filter((s: { status: string }) => s.status === "complete");
    expect(complete).toEqual([
      expect.objectContaining({
        title: kept!.title,
        finalSha256: kept!.final_sha256,
        archivePath: entry,
        missing: false,
      }),
      expect.objectContaining({
        title: lost!.title,
        finalSha256: lost!.final_sha256,
        archivePath: null,
        missing: true,
      }),
    ]);

    // The other family's signed document: not in the ZIP, not in the README, not in data.json.
    const everything = [...entries.values()].map((bytes) => bytes.toString("latin1")).join("\n");
    expect(everything).not.toContain(other.code);
    expect(everything).not.toContain(theirs!.verification_code!);
    expect([...entries.values()].map(sha256)).not.toContain(theirs!.final_sha256);
  });

  it("writes the README's signed documents in the family's language", { timeout: 120_000 }, async () => {
    const vera = await signingFamily(t, { language: "es" });
    const [signed] = await signedEverything(vera, 1);
    const state = await prepareArchive(t, vera.family.cookie);
    const entries = await archiveEntries(t, vera.family.cookie, state.id);
    const readme = entries.get("README.txt")!.toString("utf8");
    const entry = `signed-documents/${vera.code}-${signed!.title}.pdf`;
    expect(readme).toContain("Documentos firmados en línea");
    expect(readme).toContain(
      `- ${entry}: ${signed!.title}, código de verificación ${signed!.verification_code}, SHA-256 ${signed!.final_sha256}`,
    );
    expect(sha256(entries.get(entry)!)).toBe(signed!.final_sha256);
  });
});
