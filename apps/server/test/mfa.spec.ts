import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeOwnAdminApp, openOwnAdminApp } from "./support/own-admin-app.ts";
import {
  call,
  createTestApp,
  createUser,
  currentSchoolYearId,
  errorOf,
  loginAs,
  sessionCookie,
  signedInAs,
  TEST_PASSWORD,
  type TestApp,
} from "./support/test-app.ts";
import { TEST_TOTP_SECRET, totpCode } from "./support/totp.ts";

/* Staff MFA (TOTP), recovery codes, the Admin's reset and the families' opt-in. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function passwordStep(email: string, app = t) {
  const response = await call(app, {
    method: "POST",
    url: "/api/auth/login",
    headers: { "accept-language": "en" },
    payload: { schoolYearId: await currentSchoolYearId(app), email, password: TEST_PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.json() as { user: unknown; mfa: string | null }, cookie: sessionCookie(response) };
}

const post = (url: string, cookie: string, payload?: unknown, app = t) =>
  call(app, { method: "POST", url, cookie, headers: { "accept-language": "en" }, payload: payload as object });

const events = (userId: number, event: string) =>
  t.ctx.db
    .selectFrom("audit_events")
    .selectAll()
    .where("subject_user_id", "=", userId)
    .where("event", "=", event)
    .execute();

/** Sets MFA up at a first sign-in; answers the key shown, the recovery codes and the full session. */
async function enrolAtSignIn(email: string) {
  const pending = await passwordStep(email);
  expect(pending.body).toEqual(expect.objectContaining({ user: null, mfa: "enrol" }));
  const setup = await post("/api/auth/mfa/setup", pending.cookie);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const confirmed = await post("/api/auth/mfa/confirm", pending.cookie, { code: totpCode(secret) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const body = confirmed.json() as { recoveryCodes: string[]; session: { user: { email: string } } };
  return { secret, recoveryCodes: body.recoveryCodes, session: body.session, cookie: sessionCookie(confirmed) };
}

describe("a staff sign-in without the second factor is refused", () => {
  it("answers the password step with no user, and the pending session reaches no API", async () => {
    for (const role of ["Admin", "Secretaria", "Consulta"] as const) {
      const staff = await createUser(t, { role });
      const { body, cookie } = await passwordStep(staff.email);
      expect(body).toMatchObject({ user: null, mfa: "verify" });
      for (const url of ["/api/account", "/api/requests", "/api/users", "/api/dashboard", "/api/medical-records"]) {
        const refused = await call(t, { method: "GET", url, cookie });
        expect(refused.statusCode, `${role} ${url}`).toBe(401);
        expect(errorOf(refused).code).toBe("UNAUTHENTICATED");
      }
      const session = await call(t, { method: "GET", url: "/api/session", cookie });
      expect(session.json()).toMatchObject({ user: null, mfa: "verify" });
      // The other step is not this session's.
      expect(errorOf(await post("/api/auth/mfa/setup", cookie)).code).toBe("MFA_STEP_INVALID");
      // No sign-in is recorded until the second factor passes.
      expect(await events(staff.id, "login.success")).toHaveLength(0);
    }
  });

  it("the second-step endpoints answer 401 to anonymous callers and to a full session", async () => {
    const family = await signedInAs(t, "User");
    for (const url of ["/api/auth/mfa/setup", "/api/auth/mfa/confirm", "/api/auth/mfa/verify"]) {
      for (const cookie of [undefined, family.cookie]) {
        const refused = await call(t, { method: "POST", url, cookie, payload: { code: "123456" } });
        expect(refused.statusCode, url).toBe(401);
        expect(errorOf(refused).code).toBe("UNAUTHENTICATED");
      }
    }
  });

  it("a right code completes the sign-in with a new session id; the pending one is gone", async () => {
    const staff = await createUser(t, { role: "Consulta" });
    const { cookie } = await passwordStep(staff.email);
    const verified = await post("/api/auth/mfa/verify", cookie, { code: totpCode() });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ user: { email: staff.email, role: "Consulta" }, mfa: null });
    const full = sessionCookie(verified);
    expect(full).not.toBe(cookie);
    expect((await call(t, { method: "GET", url: "/api/requests", cookie: full })).statusCode).toBe(200);
    expect((await call(t, { method: "GET", url: "/api/account", cookie })).statusCode).toBe(401);
    const [success] = await events(staff.id, "login.success");
    expect(JSON.parse(success!.details!)).toEqual({ mfa: "totp" });
  });
});

describe("wrong codes", () => {
  it("are refused, audited, and throttled per account: the 6th try answers 429 even with the right code", async () => {
    const staff = await createUser(t, { role: "Secretaria" });
    const { cookie } = await passwordStep(staff.email);
    const right = totpCode();
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 5; i++) {
      const refused = await post("/api/auth/mfa/verify", cookie, { code: wrong });
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused)).toMatchObject({ code: "MFA_CODE_INVALID", fields: { code: expect.any(String) } });
    }
    const limited = await post("/api/auth/mfa/verify", cookie, { code: right });
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe("RATE_LIMITED");
    expect(await events(staff.id, "mfa.failed")).toHaveLength(5);
    expect(await events(staff.id, "login.success")).toHaveLength(0);
  });

  it("an unknown recovery code is refused", async () => {
    const staff = await createUser(t, { role: "Admin" });
    const { cookie } = await passwordStep(staff.email);
    expect(errorOf(await post("/api/auth/mfa/verify", cookie, { code: "abcde-fghjk" })).code).toBe("MFA_CODE_INVALID");
  });
});

describe("enrolment at the first sign-in after MFA is required", () => {
  it("shows a QR code and the key, confirms with a code, and gives ten recovery codes stored hashed", async () => {
    const staff = await createUser(t, { role: "Secretaria", mfa: false });
    const pending = await passwordStep(staff.email);
    expect(pending.body).toMatchObject({ user: null, mfa: "enrol" });
    expect((await call(t, { method: "GET", url: "/api/requests", cookie: pending.cookie })).statusCode).toBe(401);

    const setup = (await post("/api/auth/mfa/setup", pending.cookie)).json() as {
      secret: string;
      otpauthUrl: string;
      qrDataUrl: string;
    };
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toContain(`secret=${setup.secret}`);
    expect(setup.otpauthUrl).toContain(encodeURIComponent(staff.email));
    expect(setup.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(Buffer.from(setup.qrDataUrl.split(",")[1]!, "base64").subarray(1, 4).toString()).toBe("PNG");

    const wrong = await post("/api/auth/mfa/confirm", pending.cookie, { code: totpCode(TEST_TOTP_SECRET) });
    expect(errorOf(wrong).code).toBe("MFA_CODE_INVALID");
    const stillOff = await t.ctx.db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", staff.id)
      .executeTakeFirstOrThrow();
    expect(stillOff.mfa_enabled_at).toBeNull();

    const confirmed = await post("/api/auth/mfa/confirm", pending.cookie, { code: totpCode(setup.secret) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { recoveryCodes, session } = confirmed.json() as { recoveryCodes: string[]; session: unknown };
    expect(session).toMatchObject({ user: { email: staff.email }, mfa: null });
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await t.ctx.db
      .selectFrom("mfa_recovery_codes")
      .selectAll()
      .where("user_id", "=", staff.id)
      .execute();
    expect(stored).toHaveLength(10);
    const storedText = JSON.stringify(stored);
    for (const code of recoveryCodes) expect(storedText).not.toContain(code.replace("-", ""));
    const cookie = sessionCookie(confirmed);
    expect((await call(t, { method: "GET", url: "/api/requests", cookie })).statusCode).toBe(200);
    expect(await events(staff.id, "mfa.enrolled")).toHaveLength(1);

    // The next sign-in asks for a code of the key just set up: the next one (a code is used once).
    const next = await passwordStep(staff.email);
    expect(next.body).toMatchObject({ mfa: "verify" });
    const nextCode = totpCode(setup.secret, Date.now() + 30_000);
    expect((await post("/api/auth/mfa/verify", next.cookie, { code: nextCode })).statusCode).toBe(200);
  });

  it("a recovery code signs in once; the same code again is refused", async () => {
    const staff = await createUser(t, { role: "Consulta", mfa: false });
    const { recoveryCodes } = await enrolAtSignIn(staff.email);
    const first = await passwordStep(staff.email);
    // Typed with capitals and spaces, as from paper.
    const typed = ` ${recoveryCodes[3]!.toUpperCase()} `;
    const used = await post("/api/auth/mfa/verify", first.cookie, { code: typed });
    expect(used.statusCode, used.body).toBe(200);
    const [audit] = await events(staff.id, "mfa.recoveryUsed");
    expect(JSON.parse(audit!.details!)).toEqual({ left: 9 });
    const again = await passwordStep(staff.email);
    const refused = await post("/api/auth/mfa/verify", again.cookie, { code: recoveryCodes[3] });
    expect(errorOf(refused).code).toBe("MFA_CODE_INVALID");
    expect((await post("/api/auth/mfa/verify", again.cookie, { code: recoveryCodes[4] })).statusCode).toBe(200);
  });
});

describe("the Admin resets a person's MFA", () => {
  it("clears the key and codes, ends their sessions, is audited, and they set it up again at the next sign-in", async () => {
    const admin = await signedInAs(t, "Admin");
    const staff = await createUser(t, { role: "Secretaria" });
    const cookie = await loginAs(t, staff.email);
    const reset = await post(`/api/users/${staff.id}/mfa/reset`, admin.cookie);
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await call(t, { method: "GET", url: "/api/account", cookie })).statusCode).toBe(401);
    const row = await t.ctx.db.selectFrom("users").selectAll().where("id", "=", staff.id).executeTakeFirstOrThrow();
    expect([row.mfa_secret, row.mfa_enabled_at]).toEqual([null, null]);
    const [audit] = await events(staff.id, "mfa.reset");
    expect(audit).toMatchObject({ actor_user_id: admin.id });
    expect((await passwordStep(staff.email)).body).toMatchObject({ mfa: "enrol" });
    // An unknown account: 404, nothing audited.
    expect((await post("/api/users/2147483000/mfa/reset", admin.cookie)).statusCode).toBe(404);
    for (const bad of ["abc", "0", "-1", "1.5"]) {
      expect((await post(`/api/users/${bad}/mfa/reset`, admin.cookie)).statusCode).toBe(400);
    }
  });

  it("is the Admin's alone", async () => {
    const target = await createUser(t, { role: "Consulta" });
    for (const role of ["Secretaria", "Consulta", "Editor", "User"] as const) {
      const caller = await signedInAs(t, role);
      expect((await post(`/api/users/${target.id}/mfa/reset`, caller.cookie)).statusCode).toBe(403);
    }
    expect(await events(target.id, "mfa.reset")).toHaveLength(0);
  });
});

describe("families may turn MFA on for themselves", () => {
  it("from the account page: set up, confirm, then sign-ins ask for a code; turned off with the password", async () => {
    const family = await signedInAs(t, "User");
    const status = async () =>
      (await call(t, { method: "GET", url: "/api/account/mfa", cookie: family.cookie })).json();
    expect(await status()).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    const setup = (await post("/api/account/mfa/setup", family.cookie)).json() as { secret: string };
    const confirmed = await post("/api/account/mfa/confirm", family.cookie, { code: totpCode(setup.secret) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((confirmed.json() as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);
    expect(await status()).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    expect(errorOf(await post("/api/account/mfa/setup", family.cookie)).code).toBe("MFA_ALREADY_ENABLED");

    const next = await passwordStep(family.email);
    expect(next.body).toMatchObject({ user: null, mfa: "verify" });
    const nextCode = totpCode(setup.secret, Date.now() + 30_000);
    expect((await post("/api/auth/mfa/verify", next.cookie, { code: nextCode })).statusCode).toBe(200);

    const wrongPassword = await post("/api/account/mfa/disable", family.cookie, { currentPassword: "not my password" });
    expect(errorOf(wrongPassword).code).toBe("WRONG_CURRENT_PASSWORD");
    expect((await status()).enabled).toBe(true);
    const off = await post("/api/account/mfa/disable", family.cookie, { currentPassword: TEST_PASSWORD });
    expect(off.statusCode).toBe(200);
    expect((await passwordStep(family.email)).body).toMatchObject({ mfa: null, user: { email: family.email } });
    expect(await events(family.id, "mfa.disabled")).toHaveLength(1);
  });

  it("staff whose role requires it cannot turn it off", async () => {
    const staff = await signedInAs(t, "Secretaria");
    expect((await call(t, { method: "GET", url: "/api/account/mfa", cookie: staff.cookie })).json()).toMatchObject({
      enabled: true,
      required: true,
    });
    const refused = await post("/api/account/mfa/disable", staff.cookie, { currentPassword: TEST_PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe("MFA_REQUIRED_FOR_ROLE");
  });
});

describe("the Editors' setting (a database of its own: it is school-wide)", () => {
  it("off: Editors sign in with the password; on: they set MFA up at their next sign-in", async () => {
    const own = await openOwnAdminApp("mfa-editors");
    try {
      const editor = await createUser(own.t, { role: "Editor" });
      expect((await passwordStep(editor.email, own.t)).body).toMatchObject({ mfa: null });
      const put = (body: unknown) =>
        call(own.t, { method: "PUT", url: "/api/settings/mfa", cookie: own.admin.cookie, payload: body as object });
      expect((await put({ editorsRequired: "yes" })).statusCode).toBe(400);
      const on = await put({ editorsRequired: true });
      expect(on.json()).toEqual({ editorsRequired: true });
      expect((await call(own.t, { method: "GET", url: "/api/settings/mfa", cookie: own.admin.cookie })).json()).toEqual(
        { editorsRequired: true },
      );
      expect((await passwordStep(editor.email, own.t)).body).toMatchObject({ user: null, mfa: "enrol" });
    } finally {
      await closeOwnAdminApp(own);
    }
  });
});
