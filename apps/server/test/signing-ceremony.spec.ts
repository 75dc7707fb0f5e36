import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OwnDatabase } from "./support/own-database.ts";
import { flat, readPdfText } from "./support/pdf-text.ts";
import {
  codeFor,
  codeMail,
  contractOf,
  familySigns,
  linkSigns,
  publishNewVersion,
  readDocument,
  sendLink,
  signBody,
  signingFamily,
  stateOf,
} from "./support/signing.ts";
import { startSmtp } from "./support/smtp.ts";
import { smtpOutboxApp } from "./support/smtp-outbox-app.ts";
import { call, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

/*
 * Signing online, the whole ceremony (docs/rules/documents.md "Signing online"): the family signs
 * with a code e-mailed through a real SMTP server, sends the second representative its link, who
 * signs with a code of its own; the school countersigns; the final PDF names the signers, their
 * times in Guayaquil, the evidence and the SHA-256 of the text as signed.
 */

let t: TestApp;
let own: OwnDatabase;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let secretaria: Awaited<ReturnType<typeof signedInAs>>;
let admin: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  const app = await smtpOutboxApp("signing-ceremony");
  t = app.t;
  own = app.own;
  smtp = await startSmtp(app.port);
  secretaria = await signedInAs(t, "Secretaria");
  admin = await signedInAs(t, "Admin");
});
afterAll(async () => {
  await smtp?.close();
  await t?.close();
  await own?.drop();
});

const sha256 = (value: string | Uint8Array) => createHash("sha256").update(value).digest("hex");

describe("signing online", () => {
  it("takes both representatives' signatures and the school's, then serves the final PDF with its evidence", async () => {
    const f = await signingFamily(t);
    const contract = await contractOf(t, f);
    expect(contract.status).toBe("pending");
    expect(contract.signers.map((s) => [s.role, s.canSignHere, s.canSendLink])).toEqual([
      ["representative1", true, false],
      ["representative2", false, true],
      ["school", false, false],
    ]);
    const document = await readDocument(t, f, contract.documentId);
    expect(document.signer.role).toBe("representative1");
    expect(document.language).toBe("es");
    expect(document.textSha256).toMatch(/^[0-9a-f]{64}$/);

    // The code: to the account's e-mail, in its language, with the school's name and the document.
    const before = smtp.mails.length;
    const sent = await call(t, {
      method: "POST",
      url: `${f.base}/${contract.documentId}/code`,
      cookie: f.family.cookie,
      payload: {},
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().queued).toBe(false);
    expect(sent.json().sentTo).toMatch(/^.\*\*\*@/);
    const { code, mail } = await codeMail(t, smtp.mails, f.family.email, before);
    expect(mail.decoded).toContain(document.title);
    expect(mail.decoded).toContain(f.code);

    const wrongName = await call(t, {
      method: "POST",
      url: `${f.base}/${contract.documentId}/sign`,
      cookie: f.family.cookie,
      payload: signBody(document, code, "Alguien Distinto"),
    });
    expect(wrongName.statusCode).toBe(400);
    expect(errorOf(wrongName).code).toBe("SIGNING_NAME_MISMATCH");
    const wrongCode = await call(t, {
      method: "POST",
      url: `${f.base}/${contract.documentId}/sign`,
      cookie: f.family.cookie,
      payload: signBody(document, code === "000000" ? "111111" : "000000"),
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(errorOf(wrongCode)).toMatchObject({
      code: "SIGNING_CODE_WRONG",
      message: "El código no es correcto. Intentos restantes: 4.",
    });

    // The name as typed: no accents, another case, spaces doubled.
    const typed = document.signer.name.normalize("NFD").replace(/\p{M}/gu, "").toUpperCase().replace(/ /g, "  ");
    const signed = await call(t, {
      method: "POST",
      url: `${f.base}/${contract.documentId}/sign`,
      cookie: f.family.cookie,
      payload: signBody(document, code, typed),
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const afterFirst = (signed.json().documents as (typeof contract)[]).find(
      (d) => d.documentId === contract.documentId,
    )!;
    expect(afterFirst.signers[0]?.signedAt).not.toBeNull();
    expect(afterFirst.status).toBe("pending");

    // The second representative: a link to the e-mail on the file, one a minute at most.
    const { token, mail: linkMail } = await sendLink(t, smtp.mails, f, contract.documentId);
    expect(linkMail.decoded).toContain(document.title);
    const again = await call(t, {
      method: "POST",
      url: `${f.base}/${contract.documentId}/link`,
      cookie: f.family.cookie,
      payload: { role: "representative2" },
    });
    expect(again.statusCode).toBe(429);
    expect(errorOf(again).code).toBe("SIGNING_LINK_TOO_SOON");
    const opened = (await call(t, { method: "GET", url: `/api/signing-links/${token}` })).json();
    expect(opened).toMatchObject({
      requestCode: f.code,
      textSha256: document.textSha256,
      signer: { role: "representative2" },
    });
    const rep2Name = opened.signer.name as string;
    const byLink = await linkSigns(t, smtp.mails, f, token);
    expect(byLink.statusCode, byLink.body).toBe(200);

    const awaiting = await contractOf(t, f);
    expect(awaiting.status).toBe("awaitingSchool");

    // The school countersigns at the version it read.
    const staffUrl = `/api/requests/${f.requestId}/signing`;
    const staffState = await call(t, { method: "GET", url: staffUrl, cookie: secretaria.cookie });
    const read = (staffState.json().documents as (typeof contract)[]).find(
      (d) => d.documentId === contract.documentId,
    )!;
    expect(read.signers.every((s) => !s.canSignHere && !s.canSendLink)).toBe(true);
    const stale = await call(t, {
      method: "POST",
      url: `${staffUrl}/${contract.documentId}/countersign`,
      cookie: secretaria.cookie,
      payload: { version: read.version - 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe("VERSION_CONFLICT");
    const countersigned = await call(t, {
      method: "POST",
      url: `${staffUrl}/${contract.documentId}/countersign`,
      cookie: secretaria.cookie,
      payload: { version: read.version },
    });
    expect(countersigned.statusCode, countersigned.body).toBe(200);
    const complete = (countersigned.json().documents as (typeof contract)[]).find(
      (d) => d.documentId === contract.documentId,
    )!;
    expect(complete.status).toBe("complete");
    expect(complete.verificationCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);

    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .select("event")
      .where("actor_user_id", "=", secretaria.id)
      .execute();
    expect(audit.map((a) => a.event)).toContain("signing.countersigned");

    const events = await call(t, {
      method: "GET",
      url: `${staffUrl}/${contract.documentId}/events`,
      cookie: secretaria.cookie,
    });
    const kinds = (events.json().events as { kind: string }[]).map((e) => e.kind);
    for (const kind of [
      "created",
      "opened",
      "codeSent",
      "codeFailed",
      "codeVerified",
      "signed",
      "linkSent",
      "countersigned",
      "completed",
    ]) {
      expect(kinds).toContain(kind);
    }

    // The final PDF: the same bytes for the family and the staff, hashed as served.
    const pdf = await call(t, {
      method: "GET",
      url: `${staffUrl}/${contract.documentId}/final.pdf`,
      cookie: secretaria.cookie,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const familyPdf = await call(t, {
      method: "GET",
      url: `${f.base}/${contract.documentId}/final.pdf`,
      cookie: f.family.cookie,
    });
    expect(familyPdf.rawPayload.equals(pdf.rawPayload)).toBe(true);
    const row = await t.ctx.db
      .selectFrom("signing_documents")
      .selectAll()
      .where("request_id", "=", f.requestId)
      .where("document_id", "=", contract.documentId)
      .executeTakeFirstOrThrow();
    expect(row.final_sha256).toBe(sha256(pdf.rawPayload));
    expect(row.text_sha256).toBe(sha256(row.signed_text ?? ""));
    expect(row.text_sha256).toBe(document.textSha256);

    const text = flat((await readPdfText(pdf.rawPayload)).text);
    const signers = await t.ctx.db
      .selectFrom("signing_signers")
      .select(["role", "name", "signed_at"])
      .where("signing_document_id", "=", row.id)
      .orderBy("id")
      .execute();
    const guayaquil = new Intl.DateTimeFormat("es-EC", {
      dateStyle: "long",
      timeStyle: "medium",
      hourCycle: "h23",
      timeZone: "America/Guayaquil",
    });
    expect(text).toContain(document.title);
    for (const signer of signers) {
      expect(text).toContain(signer.name);
      expect(text).toContain(flat(guayaquil.format(new Date(signer.signed_at!))));
    }
    expect(text).toContain(rep2Name);
    expect(text).toContain(`Código de verificación: ${complete.verificationCode}`);
    expect(text).toContain(`${t.ctx.config.publicUrl}/verify-document`);
    expect(text).toContain(`SHA-256 del documento firmado: ${row.text_sha256}`);
    for (const label of [
      "Código de un solo uso enviado",
      "Código incorrecto",
      "Código verificado",
      "Firmado",
      "Contrafirmado",
    ]) {
      expect(text).toContain(label);
    }
  }, 60_000);

  it("asks to read again when a new version is published before the first signature, then freezes the text signed", async () => {
    const f = await signingFamily(t);
    const contract = await contractOf(t, f);
    const first = await readDocument(t, f, contract.documentId);
    const before = smtp.mails.length;
    await call(t, {
      method: "POST",
      url: `${f.base}/${contract.documentId}/code`,
      cookie: f.family.cookie,
      payload: {},
    });
    const code = await codeFor(t, smtp.mails, f.family.email, before);
    await publishNewVersion(t, admin.cookie, contract.documentId, "Cláusula añadida por la dirección.");

    const stale = await call(t, {
      method: "POST",
      url: `${f.base}/${contract.documentId}/sign`,
      cookie: f.family.cookie,
      payload: signBody(first, code),
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe("SIGNING_DOCUMENT_CHANGED");
    const fresh = await readDocument(t, f, contract.documentId);
    expect(fresh.versionNumber).toBeGreaterThan(first.versionNumber);
    expect(JSON.stringify(fresh.blocks)).toContain("Cláusula añadida por la dirección.");
    const signed = await call(t, {
      method: "POST",
      url: `${f.base}/${contract.documentId}/sign`,
      cookie: f.family.cookie,
      payload: signBody(fresh, code),
    });
    expect(signed.statusCode, signed.body).toBe(200);

    // Published again after the first signature: the second representative signs the frozen text.
    await publishNewVersion(t, admin.cookie, contract.documentId, "Otra cláusula posterior.");
    const { token } = await sendLink(t, smtp.mails, f, contract.documentId);
    const opened = (await call(t, { method: "GET", url: `/api/signing-links/${token}` })).json();
    expect(opened.textSha256).toBe(fresh.textSha256);
    expect(JSON.stringify(opened.blocks)).not.toContain("Otra cláusula posterior.");
    const events = await call(t, {
      method: "GET",
      url: `/api/requests/${f.requestId}/signing/${contract.documentId}/events`,
      cookie: secretaria.cookie,
    });
    expect((events.json().events as { kind: string }[]).map((e) => e.kind)).toContain("versionChanged");
  }, 60_000);

  it("keeps both signatures when the two representatives sign at once, and draws one final PDF", async () => {
    const f = await signingFamily(t);
    const contract = await contractOf(t, f);
    const { token } = await sendLink(t, smtp.mails, f, contract.documentId);
    const [family, byLink] = await Promise.all([
      familySigns(t, smtp.mails, f, contract.documentId),
      linkSigns(t, smtp.mails, f, token),
    ]);
    expect(family.statusCode, family.body).toBe(200);
    expect(byLink.statusCode, byLink.body).toBe(200);
    const state = await contractOf(t, f);
    expect(state.status).toBe("awaitingSchool");
    expect(state.signers.filter((s) => s.signedAt !== null).map((s) => s.role)).toEqual([
      "representative1",
      "representative2",
    ]);
    const url = `/api/requests/${f.requestId}/signing/${contract.documentId}/countersign`;
    const [one, two] = await Promise.all([
      call(t, { method: "POST", url, cookie: secretaria.cookie, payload: { version: state.version } }),
      call(t, { method: "POST", url, cookie: admin.cookie, payload: { version: state.version } }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const completed = await t.ctx.db
      .selectFrom("signing_events")
      .innerJoin("signing_documents", "signing_documents.id", "signing_events.signing_document_id")
      .select("signing_events.kind")
      .where("signing_documents.request_id", "=", f.requestId)
      .where("signing_events.kind", "=", "completed")
      .execute();
    expect(completed).toHaveLength(1);
  }, 60_000);

  it("signs the image consent with the family's answers written under the school's text", async () => {
    const f = await signingFamily(t);
    const state = await stateOf(t, f);
    const consent = state.documents.find((d) => d.key === "imageConsent");
    expect(consent).toBeDefined();
    const document = await readDocument(t, f, consent!.documentId);
    const lines = document.blocks.flatMap((block) =>
      block.type === "list"
        ? block.items.map((item) => item.map((span) => span.text).join(""))
        : [block.spans.map((span) => span.text).join("")],
    );
    // The photo step's answers: use yes, publication no, communication no, conservation yes.
    const answers = lines.slice(
      lines.indexOf("Respuestas de la familia") + 1,
      lines.indexOf("Respuestas de la familia") + 5,
    );
    expect(answers.map((line) => line.split(": ")[1])).toEqual(["Autorizo", "No autorizo", "No autorizo", "Autorizo"]);
    // They are part of what is signed: the hash covers them.
    expect(document.textSha256).toBe(sha256(JSON.stringify({ title: document.title, blocks: document.blocks })));
  });
});
