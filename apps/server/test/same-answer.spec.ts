import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { solvedCaptcha } from "./support/captcha.ts";
import { register } from "./support/register.ts";
import { waitForMail } from "./support/smtp.ts";
import { call, createTestApp, createUser, errorOf, type TestApp, uniqueEmail } from "./support/test-app.ts";

// Forgot-password and sign-up do the same work, and answer the same, whether or not the
// address has an account. Shown by the work done (hashing, the audit entry, what is queued), never
// by timing.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
afterEach(() => vi.restoreAllMocks());

const forgot = (email: string) => call(t, { method: "POST", url: "/api/auth/forgot-password", payload: { email } });

async function resetRequests(email: string) {
  const rows = await t.ctx.db
    .selectFrom("audit_events")
    .select(["subject_user_id", "details"])
    .where("event", "=", "password.reset.requested")
    .execute();
  return rows.filter((row) => String(row.details ?? "").includes(email));
}

describe("sign-up", () => {
  it("hashes the password for a new address, a known one and a not yet activated one alike, answering the same", async () => {
    // A spy that calls the real argon2id hasher through: it only counts.
    const hash = vi.spyOn(t.ctx.hasher, "hash");
    const answers = [];
    const known = await createUser(t);
    const pending = await createUser(t, { activated: false });
    for (const email of [uniqueEmail("new"), known.email, pending.email]) {
      hash.mockClear();
      const response = await register(t, email);
      expect(hash, email).toHaveBeenCalledTimes(1);
      answers.push({ status: response.statusCode, body: response.body });
    }
    expect(answers).toEqual([answers[0], answers[0], answers[0]]);
    expect(answers[0]).toEqual({ status: 202, body: JSON.stringify({ ok: true }) });
  });
});

describe("forgot-password", () => {
  it("answers an unknown address exactly like a known one", async () => {
    const known = await createUser(t);
    const unknown = await forgot(uniqueEmail("nobody"));
    const answer = await forgot(known.email);
    expect(unknown.statusCode).toBe(202);
    expect({ status: unknown.statusCode, body: unknown.body }).toEqual({
      status: answer.statusCode,
      body: answer.body,
    });
  });

  it("does the known address's work for an unknown one — the audited write and the e-mail rendered — but sends nothing", async () => {
    const nobody = uniqueEmail("nobody");
    const known = await createUser(t);
    const before = t.mails.length;
    expect((await forgot(nobody)).statusCode).toBe(202);
    const queued = await t.ctx.db.selectFrom("mail_outbox").select("id").where("to_address", "=", nobody).execute();
    expect(queued).toEqual([]);
    expect(await resetRequests(nobody)).toEqual([
      expect.objectContaining({ subject_user_id: null, details: expect.stringContaining('"mailed":false') }),
    ]);
    // The known address is mailed; by the time its mail arrives, nothing went to the unknown one.
    expect((await forgot(known.email)).statusCode).toBe(202);
    await waitForMail(t.mails, known.email, before);
    expect(t.mails.slice(before).some((mail) => mail.to.includes(nobody))).toBe(false);
  });
});

describe("resend-activation", () => {
  const resend = async (email: string, withCaptcha: boolean) =>
    call(t, {
      method: "POST",
      url: "/api/auth/activation/resend",
      payload: withCaptcha ? { email, captcha: await solvedCaptcha(t) } : { email },
    });

  it("answers an unknown address, an activated account and a pending one with the same sequence, captcha and 429 included", async () => {
    const pending = await createUser(t, { activated: false });
    const activated = await createUser(t);
    const sequences = [];
    for (const email of [uniqueEmail("nobody"), activated.email, pending.email]) {
      const answers = [];
      // Each call from its own address (the helper's default): only the per-address counters count.
      for (const withCaptcha of [false, false, true, true, true]) {
        const response = await resend(email, withCaptcha);
        answers.push(`${response.statusCode} ${response.statusCode === 202 ? response.body : errorOf(response).code}`);
      }
      sequences.push(answers);
    }
    expect(sequences[0]).toEqual([
      '202 {"ok":true}',
      "400 EMAIL_LINK_CAPTCHA_REQUIRED",
      '202 {"ok":true}',
      '202 {"ok":true}',
      "429 RATE_LIMITED",
    ]);
    expect(sequences).toEqual([sequences[0], sequences[0], sequences[0]]);
    const queued = await t.ctx.db
      .selectFrom("mail_outbox")
      .select("id")
      .where("to_address", "=", pending.email)
      .execute();
    expect(queued).toHaveLength(3);
  });
});
