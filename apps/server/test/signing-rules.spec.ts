import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OwnDatabase } from "./support/own-database.ts";
import {
  codeFor,
  contractOf,
  linkFor,
  readDocument,
  type SigningFamily,
  signBody,
  signingFamily,
  stateOf,
} from "./support/signing.ts";
import { startSmtp } from "./support/smtp.ts";
import { deliveredAll, smtpOutboxApp } from "./support/smtp-outbox-app.ts";
import { call, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

/*
 * Signing online's rules (docs/rules/documents.md "Signing online"): the one-time code's limits,
 * the link's life, who may call each route, bad bodies, the staff's reminder, and a code asked while
 * the mail server is down.
 */

let t: TestApp;
let own: OwnDatabase;
let port: number;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let secretaria: Awaited<ReturnType<typeof signedInAs>>;
let consulta: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  const app = await smtpOutboxApp("signing-rules");
  ({ t, own, port } = app);
  smtp = await startSmtp(port);
  secretaria = await signedInAs(t, "Secretaria");
  consulta = await signedInAs(t, "Consulta");
});
afterAll(async () => {
  await smtp?.close();
  await t?.close();
  await own?.drop();
});

const post = (f: SigningFamily, url: string, payload: object) =>
  call(t, { method: "POST", url: `${f.base}${url}`, cookie: f.family.cookie, payload });

async function askCode(f: SigningFamily, documentId: number) {
  const before = smtp.mails.length;
  const sent = await post(f, `/${documentId}/code`, {});
  expect(sent.statusCode, sent.body).toBe(200);
  return codeFor(t, smtp.mails, f.family.email, before);
}

/** Lets the next code be asked at once (the 60 s between codes is the rule under test elsewhere). */
const codesAged = (signerEmailOwner: number) =>
  t.ctx.db
    .updateTable("signing_codes")
    .set({ created_at: new Date(Date.now() - 61_000).toISOString() })
    .where("signer_id", "=", signerEmailOwner)
    .execute();

async function signerId(f: SigningFamily, role: string, documentId: number) {
  const row = await t.ctx.db
    .selectFrom("signing_signers")
    .innerJoin("signing_documents", "signing_documents.id", "signing_signers.signing_document_id")
    .select("signing_signers.id")
    .where("signing_documents.request_id", "=", f.requestId)
    .where("signing_signers.role", "=", role)
    .where("signing_documents.document_id", "=", documentId)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("the one-time code", () => {
  it("is one a minute, replaced by the next, valid 10 minutes, locked after 5 wrong tries", async () => {
    const f = await signingFamily(t);
    const contract = await contractOf(t, f);
    const document = await readDocument(t, f, contract.documentId);
    const first = await askCode(f, contract.documentId);
    const soon = await post(f, `/${contract.documentId}/code`, {});
    expect(soon.statusCode).toBe(429);
    expect(errorOf(soon).code).toBe("SIGNING_CODE_TOO_SOON");

    const rep1 = await signerId(f, "representative1", contract.documentId);
    await codesAged(rep1);
    const second = await askCode(f, contract.documentId);
    if (second !== first) {
      const replaced = await post(f, `/${contract.documentId}/sign`, signBody(document, first));
      expect(errorOf(replaced).code).toBe("SIGNING_CODE_WRONG");
    }

    await t.ctx.db
      .updateTable("signing_codes")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("signer_id", "=", rep1)
      .execute();
    const expired = await post(f, `/${contract.documentId}/sign`, signBody(document, second));
    expect(expired.statusCode).toBe(410);
    expect(errorOf(expired).code).toBe("SIGNING_CODE_EXPIRED");

    await codesAged(rep1);
    const third = await askCode(f, contract.documentId);
    const wrong = third === "000000" ? "111111" : "000000";
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await post(f, `/${contract.documentId}/sign`, signBody(document, wrong));
      answers.push(`${response.statusCode} ${errorOf(response).code}`);
    }
    expect(answers).toEqual([
      "400 SIGNING_CODE_WRONG",
      "400 SIGNING_CODE_WRONG",
      "400 SIGNING_CODE_WRONG",
      "400 SIGNING_CODE_WRONG",
      "429 SIGNING_CODE_LOCKED",
    ]);
    const locked = await post(f, `/${contract.documentId}/sign`, signBody(document, third));
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked).code).toBe("SIGNING_CODE_LOCKED");
    const stored = await t.ctx.db.selectFrom("signing_codes").selectAll().where("signer_id", "=", rep1).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.code_hash).not.toContain(third);
  }, 60_000);

  it("waits in the outbox when the mail server is down, and says so", async () => {
    const f = await signingFamily(t);
    const contract = await contractOf(t, f);
    await deliveredAll(t);
    await smtp.close();
    try {
      const sent = await post(f, `/${contract.documentId}/code`, {});
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().queued).toBe(true);
    } finally {
      smtp = await startSmtp(port);
    }
    const before = smtp.mails.length;
    expect(await codeFor(t, smtp.mails, f.family.email, before)).toMatch(/^\d{6}$/);
  }, 60_000);
});

describe("the link to sign", () => {
  it("answers 404 when unknown, 410 once expired or the request cancelled", async () => {
    const f = await signingFamily(t);
    const contract = await contractOf(t, f);
    const before = smtp.mails.length;
    expect((await post(f, `/${contract.documentId}/link`, { role: "representative2" })).statusCode).toBe(200);
    const { token } = await linkFor(t, smtp.mails, f.rep2Email, before);
    expect((await call(t, { method: "GET", url: `/api/signing-links/${token}` })).statusCode).toBe(200);

    const unknown = await call(t, { method: "GET", url: `/api/signing-links/${"A".repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe("SIGNING_LINK_NOT_FOUND");

    const rep2 = await signerId(f, "representative2", contract.documentId);
    const expiresAt = new Date(Date.now() - 1000).toISOString();
    await t.ctx.db.updateTable("signing_signers").set({ link_expires_at: expiresAt }).where("id", "=", rep2).execute();
    const expired = await call(t, { method: "POST", url: `/api/signing-links/${token}/code`, payload: {} });
    expect(expired.statusCode).toBe(410);
    expect(errorOf(expired).code).toBe("SIGNING_LINK_EXPIRED");

    const later = new Date(Date.now() + 3_600_000).toISOString();
    await t.ctx.db.updateTable("signing_signers").set({ link_expires_at: later }).where("id", "=", rep2).execute();
    await t.ctx.db.updateTable("requests").set({ request_status: "Cancelled" }).where("id", "=", f.requestId).execute();
    const gone = await call(t, { method: "GET", url: `/api/signing-links/${token}` });
    expect(gone.statusCode).toBe(410);
    expect(errorOf(gone).code).toBe("SIGNING_LINK_GONE");
    expect((await contractOf(t, f)).status).toBe("void");
  }, 60_000);
});

describe("who may call the signing routes", () => {
  it("keeps each family to its own files, the staff to reading or acting by role, visitors out", async () => {
    const f = await signingFamily(t);
    const other = await signedInAs(t, "User");
    const contract = await contractOf(t, f);
    const staffUrl = `/api/requests/${f.requestId}/signing`;
    const familyCalls = [
      ["GET", f.base],
      ["GET", `${f.base}/${contract.documentId}`],
      ["POST", `${f.base}/${contract.documentId}/code`],
      ["POST", `${f.base}/${contract.documentId}/link`],
      ["GET", `${f.base}/${contract.documentId}/final.pdf`],
    ] as const;
    for (const [method, url] of familyCalls) {
      const payload = method === "POST" ? { role: "representative2" } : undefined;
      const foreign = await call(t, {
        method,
        url,
        cookie: other.cookie,
        ...(payload ? { payload: url.endsWith("/link") ? payload : {} } : {}),
      });
      expect(foreign.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(foreign).code).toBe("NOT_YOUR_STUDENT");
      const staff = await call(t, { method, url, cookie: secretaria.cookie });
      expect(staff.statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await call(t, { method, url });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await call(t, { method: "GET", url: staffUrl, cookie: consulta.cookie })).statusCode).toBe(200);
    for (const action of ["remind", "countersign"]) {
      const url = `${staffUrl}/${contract.documentId}/${action}`;
      const refused = await call(t, { method: "POST", url, cookie: consulta.cookie, payload: {} });
      expect(refused.statusCode, url).toBe(403);
      expect((await call(t, { method: "POST", url, cookie: f.family.cookie, payload: {} })).statusCode).toBe(403);
    }
    const notYet = await call(t, {
      method: "GET",
      url: `${staffUrl}/${contract.documentId}/final.pdf`,
      cookie: consulta.cookie,
    });
    expect(notYet.statusCode).toBe(404);
    expect(errorOf(notYet).code).toBe("SIGNING_FINAL_NOT_FOUND");
    const early = await call(t, {
      method: "POST",
      url: `${staffUrl}/${contract.documentId}/countersign`,
      cookie: secretaria.cookie,
      payload: { version: contract.version },
    });
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).code).toBe("SIGNING_NOT_READY");
  }, 60_000);

  it("lets the staff remind the representatives once every 10 minutes, audited", async () => {
    const f = await signingFamily(t);
    const contract = await contractOf(t, f);
    const url = `/api/requests/${f.requestId}/signing/${contract.documentId}/remind`;
    const before = smtp.mails.length;
    const reminded = await call(t, { method: "POST", url, cookie: secretaria.cookie, payload: {} });
    expect(reminded.statusCode, reminded.body).toBe(200);
    const { mail } = await linkFor(t, smtp.mails, f.rep2Email, before);
    expect(mail.subject).toContain("Recordatorio");
    const again = await call(t, { method: "POST", url, cookie: secretaria.cookie, payload: {} });
    expect(again.statusCode).toBe(429);
    expect(errorOf(again).code).toBe("SIGNING_REMIND_TOO_SOON");
    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .select("event")
      .where("actor_user_id", "=", secretaria.id)
      .where("event", "=", "signing.reminded")
      .execute();
    expect(audit).toHaveLength(1);
  }, 60_000);
});

describe("bad input", () => {
  it("refuses every malformed body and parameter with 400, changing nothing", async () => {
    const f = await signingFamily(t);
    const contract = await contractOf(t, f);
    const document = await readDocument(t, f, contract.documentId);
    const good = signBody(document, "123456");
    const staffUrl = `/api/requests/${f.requestId}/signing/${contract.documentId}`;
    const cases: [string, string, unknown, string?][] = [
      [`${f.base}/${contract.documentId}/code`, "family", { extra: 1 }],
      [`${f.base}/${contract.documentId}/sign`, "family", { ...good, code: "12ab56" }],
      [`${f.base}/${contract.documentId}/sign`, "family", { ...good, read: false }],
      [`${f.base}/${contract.documentId}/sign`, "family", { ...good, textSha256: "x" }],
      [`${f.base}/${contract.documentId}/sign`, "family", { ...good, typedName: "" }],
      [`${f.base}/${contract.documentId}/sign`, "family", { ...good, versionId: "1" }],
      [`${f.base}/${contract.documentId}/link`, "family", { role: "school" }],
      [`/api/enrollment/files/abc/signing/${contract.documentId}/code`, "family", {}],
      [`${staffUrl}/countersign`, "staff", { version: "1" }],
      [`${staffUrl}/remind`, "staff", { now: true }],
      ["/api/signing-links/short/code", "public", {}],
      [`/api/signing-links/${"A".repeat(43)}/sign`, "public", { ...good, code: 123456 }],
    ];
    const before = await t.ctx.db.selectFrom("signing_events").select("id").execute();
    for (const [url, who, payload] of cases) {
      const cookie = who === "family" ? f.family.cookie : who === "staff" ? secretaria.cookie : undefined;
      const response = await call(t, {
        method: "POST",
        url,
        payload: payload as object,
        ...(cookie ? { cookie } : {}),
      });
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(errorOf(response).code).toBe("VALIDATION_ERROR");
    }
    expect(await t.ctx.db.selectFrom("signing_events").select("id").execute()).toEqual(before);
    expect((await stateOf(t, f)).documents.every((d) => d.signers.every((s) => s.signedAt === null))).toBe(true);
  }, 60_000);
});
