import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createMailer, smtpServerOf } from "./mailer.ts";

describe("outbox mailer", () => {
  it("writes attachments into the .eml file", async () => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-outbox-"));
    try {
      const mailer = createMailer({ from: "Portal <no-reply@test.local>", outboxDir, timeoutMs: 1000, log: () => {} });
      const content = Buffer.from("%PDF-1.4\nnot really a pdf\n");
      await mailer.send({
        messageId: "<fixed-id@test.local>",
        fileStem: "2026-01-01T00-00-00-000Z-7",
        to: "family@test.local",
        subject: "Inscripción recibida",
        text: "Hola",
        html: "<p>Hola</p>",
        attachments: [{ filename: "resumen-inscripcion-INS-1-000001.pdf", content, contentType: "application/pdf" }],
      });
      mailer.close();
      const [file] = fs.readdirSync(outboxDir);
      expect(file).toBe("2026-01-01T00-00-00-000Z-7-family@test.local.eml");
      const eml = fs.readFileSync(path.join(outboxDir, file ?? ""), "utf8");
      expect(eml).toMatch(/Content-Type: application\/pdf; name=resumen-inscripcion-INS-1-000001\.pdf/);
      expect(eml).toContain("Content-Disposition: attachment");
      expect(eml).toMatch(/^Message-ID: <fixed-id@test\.local>$/m);
      expect(eml.replace(/\r?\n/g, "")).toContain(content.toString("base64"));
    } finally {
      fs.rmSync(outboxDir, { recursive: true, force: true });
    }
  });
});

describe("SMTP_URL", () => {
  it("gives the host, the port (defaults per scheme), TLS and the decoded credentials", () => {
    expect(smtpServerOf("smtps://user%40school.ec:p%3Ass@smtp.school.ec:465")).toEqual({
      host: "smtp.school.ec",
      port: 465,
      secure: true,
      auth: { user: "user@school.ec", pass: "p:ss" },
    });
    expect(smtpServerOf("smtp://127.0.0.1:2525")).toEqual({ host: "127.0.0.1", port: 2525, secure: false });
    expect(smtpServerOf("smtp://mail.local")).toMatchObject({ port: 587, secure: false });
    expect(smtpServerOf("smtps://mail.local")).toMatchObject({ port: 465, secure: true });
  });
});
