import { randomUUID } from "node:crypto";
import { ROLES, type Role } from "@portal/shared/roles";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUser } from "../src/kernel/accounts.ts";
import { THROTTLE } from "../src/modules/auth/throttle.ts";
import { getIdentity } from "../src/modules/settings/identity.service.ts";
import { onlyAdmin } from "./support/admins.ts";
import { createOwnDatabase, type OwnDatabase } from "./support/own-database.ts";
import { linkToken, waitForMail } from "./support/smtp.ts";
import {
  call,
  createTestApp,
  createUser,
  currentSchoolYearId,
  errorOf,
  loginAs,
  signedInAs,
  TEST_PASSWORD,
  type TestApp,
} from "./support/test-app.ts";
import { insertSentRequest } from "./support/workflow.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAs(t, "Admin", { language: "en" });
});
afterAll(() => t.close());

/** Accounts of one test of its own: a surname no other spec uses, so a search finds only them. */
async function tribe(members: { names: string; role?: Role; activated?: boolean; email?: string }[]) {
  const surname = `Zq${randomUUID().slice(0, 8)}`;
  const ids: number[] = [];
  for (const member of members) {
    ids.push(
      await insertUser(t.ctx.db, {
        email: member.email ?? `${member.names.toLowerCase()}-${randomUUID().slice(0, 6)}@test.local`,
        passwordHash: await t.ctx.hasher.hash(TEST_PASSWORD),
        firstSurname: surname,
        secondSurname: "",
        names: member.names,
        phone: "",
        language: "fr",
        role: member.role ?? "User",
        activated: member.activated ?? true,
      }),
    );
  }
  return { surname, ids };
}

function list(query: string, cookie = admin.cookie) {
  return call(t, { method: "GET", url: `/api/users?${query}`, cookie });
}

type Action = "deactivate" | "reactivate" | "activation-mail" | "unlock";
const post = (cookie: string, id: number | string, action: Action) =>
  call(t, { method: "POST", url: `/api/users/${id}/${action}`, cookie });

describe("GET /api/users", () => {
  it("searches names, surnames and e-mail, filters by role, and pages", async () => {
    const { surname, ids } = await tribe([
      { names: "Berta" },
      { names: "Carla", role: "Secretaria" },
      { names: "Alba", email: `unique-${randomUUID().slice(0, 8)}@test.local` },
    ]);
    const all = await list(`q=${surname.toUpperCase()}&pageSize=10`);
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(3);
    // By name (surname, then names) by default.
    expect(all.json().items.map((u: { names: string }) => u.names)).toEqual(["Alba", "Berta", "Carla"]);
    expect(all.json().items[0]).toEqual({
      id: ids[2],
      names: "Alba",
      surnames: surname,
      email: expect.stringMatching(/^unique-/),
      role: "User",
      language: "fr",
      state: "active",
      createdAt: expect.any(String),
      lastLoginAt: null,
    });
    const byWords = await list(`q=${surname}+carla`);
    expect(byWords.json().items.map((u: { id: number }) => u.id)).toEqual([ids[1]]);
    const byRole = await list(`q=${surname}&role=Secretaria`);
    expect(byRole.json().items.map((u: { id: number }) => u.id)).toEqual([ids[1]]);
    const email = all.json().items[0].email as string;
    expect((await list(`q=${email}`)).json().items.map((u: { id: number }) => u.id)).toEqual([ids[2]]);
    const page2 = await list(`q=${surname}&pageSize=10&page=2`);
    expect(page2.json()).toMatchObject({ items: [], total: 3, page: 2, pageSize: 10 });
    const desc = await list(`q=${surname}&sort=name&order=desc`);
    expect(desc.json().items.map((u: { names: string }) => u.names)).toEqual(["Carla", "Berta", "Alba"]);
  });

  it("tells the states apart and filters by them, and sorts by last sign-in", async () => {
    const { surname, ids } = await tribe([
      { names: "Active" },
      { names: "Pending", activated: false },
      { names: "Locked" },
      { names: "Off" },
    ]);
    const [active, pending, locked, off] = ids;
    const lockedRow = await t.ctx.db
      .selectFrom("users")
      .select("email")
      .where("id", "=", locked!)
      .executeTakeFirstOrThrow();
    const schoolYearId = await currentSchoolYearId(t);
    for (let i = 0; i < THROTTLE.loginAccount.limit; i++) {
      const wrong = await call(t, {
        method: "POST",
        url: "/api/auth/login",
        payload: { schoolYearId, email: lockedRow.email, password: "not the password at all" },
      });
      expect(wrong.statusCode).toBe(401);
    }
    expect((await post(admin.cookie, off!, "deactivate")).statusCode).toBe(200);
    const activeEmail = (
      await t.ctx.db.selectFrom("users").select("email").where("id", "=", active!).executeTakeFirstOrThrow()
    ).email;
    await loginAs(t, activeEmail);

    const states = Object.fromEntries(
      (await list(`q=${surname}`)).json().items.map((u: { id: number; state: string }) => [u.id, u.state]),
    );
    expect(states).toEqual({
      [active!]: "active",
      [pending!]: "notActivated",
      [locked!]: "locked",
      [off!]: "inactive",
    });
    for (const [state, id] of [
      ["active", active],
      ["notActivated", pending],
      ["locked", locked],
      ["inactive", off],
    ] as const) {
      const found = await list(`q=${surname}&state=${state}`);
      expect(
        found.json().items.map((u: { id: number }) => u.id),
        state,
      ).toEqual([id]);
    }
    const byLogin = (await list(`q=${surname}&sort=lastLogin`)).json().items;
    expect(byLogin[0].id).toBe(active);
    expect(byLogin[0].lastLoginAt).toEqual(expect.any(String));
  });

  it("refuses unknown, repeated or out-of-list parameters with the parameter named", async () => {
    for (const [query, field] of [
      ["role=Boss", "role"],
      ["state=asleep", "state"],
      ["sort=phone", "sort"],
      ["order=up", "order"],
      ["page=0", "page"],
      ["pageSize=7", "pageSize"],
      ["q=a&q=b", "q"],
      [`q=${"x".repeat(101)}`, "q"],
      ["extra=1", "extra"],
    ] as const) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response).code, query).toBe("VALIDATION_ERROR");
      expect(JSON.stringify(errorOf(response).fields ?? {}), query).toContain(field);
    }
  });
});

describe("GET /api/users/:id", () => {
  it("gives a family account with its students and their requests; a staff account has none", async () => {
    const family = await createUser(t, { language: "fr" });
    const first = await insertSentRequest(t, family.id);
    const second = await insertSentRequest(t, family.id, "Accepted");
    const response = await call(t, { method: "GET", url: `/api/users/${family.id}`, cookie: admin.cookie });
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail.account).toMatchObject({ id: family.id, email: family.email, role: "User", state: "active" });
    expect(detail.account.phone).toBe("+593 99 123 4567");
    const requests = detail.students.flatMap((student: { requests: { id: number; code: string }[] }) =>
      student.requests.map((request) => request.id),
    );
    expect(requests.sort()).toEqual([first.id, second.id].sort());
    expect(detail.students[0]).toMatchObject({ name: "Mateo Andrade Vela", requests: expect.any(Array) });
    const staff = await call(t, { method: "GET", url: `/api/users/${admin.id}`, cookie: admin.cookie });
    expect(staff.json().students).toEqual([]);
    expect((await call(t, { method: "GET", url: "/api/users/2000000000", cookie: admin.cookie })).statusCode).toBe(404);
    expect((await call(t, { method: "GET", url: "/api/users/abc", cookie: admin.cookie })).statusCode).toBe(400);
  });
});

describe("who may manage accounts", () => {
  it("only the Admin: every other role 403, anonymous 401", async () => {
    const target = await createUser(t);
    const routes = [
      { method: "GET" as const, url: "/api/users" },
      { method: "GET" as const, url: `/api/users/${target.id}` },
      { method: "POST" as const, url: `/api/users/${target.id}/deactivate` },
      { method: "POST" as const, url: `/api/users/${target.id}/reactivate` },
      { method: "POST" as const, url: `/api/users/${target.id}/activation-mail` },
      { method: "POST" as const, url: `/api/users/${target.id}/unlock` },
    ];
    for (const role of ROLES.filter((r) => r !== "Admin")) {
      const other = await signedInAs(t, role);
      for (const route of routes) {
        const response = await call(t, { ...route, cookie: other.cookie });
        expect(response.statusCode, `${role} ${route.url}`).toBe(403);
      }
    }
    for (const route of routes) {
      expect((await call(t, route)).statusCode, route.url).toBe(401);
    }
    const row = await t.ctx.db
      .selectFrom("users")
      .select("deactivated_at")
      .where("id", "=", target.id)
      .executeTakeFirstOrThrow();
    expect(row.deactivated_at).toBeNull();
  });
});

describe("deactivation and reactivation", () => {
  it("ends every session of the account at once, even a cached one, and sign-in answers 403", async () => {
    const target = await signedInAs(t, "Secretaria", { language: "en" });
    const second = await loginAs(t, target.email);
    // Read once: the session and its user are now in the session cache.
    expect((await call(t, { method: "GET", url: "/api/account", cookie: target.cookie })).statusCode).toBe(200);
    const response = await post(admin.cookie, target.id, "deactivate");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: target.id, deactivated: true });
    for (const cookie of [target.cookie, second]) {
      expect((await call(t, { method: "GET", url: "/api/account", cookie })).statusCode).toBe(401);
    }
    const sessions = await t.ctx.db.selectFrom("sessions").select("id").where("user_id", "=", target.id).execute();
    expect(sessions).toEqual([]);
    const login = await call(t, {
      method: "POST",
      url: "/api/auth/login",
      headers: { "accept-language": "en" },
      payload: { schoolYearId: await currentSchoolYearId(t), email: target.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    expect(errorOf(login).code).toBe("ACCOUNT_DEACTIVATED");
    // A wrong password says nothing about the account.
    const wrong = await call(t, {
      method: "POST",
      url: "/api/auth/login",
      payload: { schoolYearId: await currentSchoolYearId(t), email: target.email, password: "wrong password here" },
    });
    expect(errorOf(wrong).code).toBe("INVALID_CREDENTIALS");

    // Twice is the same, audited once.
    expect((await post(admin.cookie, target.id, "deactivate")).statusCode).toBe(200);
    const reactivated = await post(admin.cookie, target.id, "reactivate");
    expect(reactivated.json()).toEqual({ id: target.id, deactivated: false });
    expect((await post(admin.cookie, target.id, "reactivate")).statusCode).toBe(200);
    await loginAs(t, target.email);
    const events = await t.ctx.db
      .selectFrom("audit_events")
      .select(["event", "actor_user_id"])
      .where("subject_user_id", "=", target.id)
      .where("event", "in", ["account.deactivated", "account.reactivated"])
      .orderBy("id")
      .execute();
    expect(events).toEqual([
      { event: "account.deactivated", actor_user_id: admin.id },
      { event: "account.reactivated", actor_user_id: admin.id },
    ]);
  });

  it("refuses the Admin's own account with 409, and changes nothing", async () => {
    const response = await post(admin.cookie, admin.id, "deactivate");
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({ code: "SELF_DEACTIVATION", message: "You cannot deactivate your own account" });
    expect((await call(t, { method: "GET", url: "/api/account", cookie: admin.cookie })).statusCode).toBe(200);
  });

  it("answers 404 for an unknown account and 400 for a bad id", async () => {
    expect(errorOf(await post(admin.cookie, 2_000_000_000, "deactivate")).code).toBe("NOT_FOUND");
    for (const action of ["reactivate", "activation-mail", "unlock"] as const) {
      expect((await post(admin.cookie, 2_000_000_000, action)).statusCode, action).toBe(404);
    }
    for (const id of ["abc", "-1", "0", "1.5", "1e400", "99999999999", "%00", "9".repeat(10_000)]) {
      for (const action of ["deactivate", "reactivate", "activation-mail", "unlock"] as const) {
        const response = await post(admin.cookie, id, action);
        expect(response.statusCode, `${action} ${id.slice(0, 20)}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${action} ${id.slice(0, 20)}`).toBeLessThan(500);
      }
    }
  });

  it("refuses an Admin's own role change with 409", async () => {
    const other = await signedInAs(t, "Admin", { language: "en" });
    const response = await call(t, {
      method: "PUT",
      url: `/api/users/${other.id}/role`,
      cookie: other.cookie,
      payload: { role: "Secretaria" },
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe("SELF_ROLE_CHANGE");
  });
});

describe("activation e-mail and unlocking", () => {
  it("sends a fresh activation link that activates the account; refused once activated", async () => {
    const pending = await createUser(t, { activated: false, language: "en" });
    const since = t.mails.length;
    const response = await post(admin.cookie, pending.id, "activation-mail");
    expect(response.statusCode).toBe(200);
    const mail = await waitForMail(t.mails, pending.email, since);
    const token = linkToken(mail, "/account-activate");
    const activated = await call(t, { method: "POST", url: "/api/auth/activate", payload: { token } });
    expect(activated.statusCode).toBeLessThan(300);
    await loginAs(t, pending.email);
    const again = await post(admin.cookie, pending.id, "activation-mail");
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe("NOT_PENDING_ACTIVATION");
    const events = await t.ctx.db
      .selectFrom("audit_events")
      .select(["event", "actor_user_id"])
      .where("subject_user_id", "=", pending.id)
      .where("event", "=", "account.activationResent")
      .execute();
    expect(events).toEqual([{ event: "account.activationResent", actor_user_id: admin.id }]);
  });

  it("unlocks an account throttled after failed sign-ins", async () => {
    const target = await createUser(t);
    const schoolYearId = await currentSchoolYearId(t);
    const attempt = (password: string) =>
      call(t, { method: "POST", url: "/api/auth/login", payload: { schoolYearId, email: target.email, password } });
    for (let i = 0; i < THROTTLE.loginAccount.limit; i++) {
      expect((await attempt("not the password at all")).statusCode).toBe(401);
    }
    // Past the threshold the sign-in asks for a captcha (the owner is not locked out).
    expect(errorOf(await attempt(TEST_PASSWORD)).code).toBe("CAPTCHA_REQUIRED");
    const stateOf = async () =>
      (await list(`q=${target.email}`)).json().items.find((u: { id: number }) => u.id === target.id).state;
    expect(await stateOf()).toBe("locked");
    expect((await post(admin.cookie, target.id, "unlock")).statusCode).toBe(200);
    expect(await stateOf()).toBe("active");
    expect((await attempt(TEST_PASSWORD)).statusCode).toBe(200);
    const events = await t.ctx.db
      .selectFrom("audit_events")
      .select("event")
      .where("subject_user_id", "=", target.id)
      .where("event", "=", "account.unlocked")
      .execute();
    expect(events).toHaveLength(1);
  });
});

describe("invitations", () => {
  const invite = (body: Record<string, unknown>, cookie = admin.cookie) =>
    call(t, { method: "POST", url: "/api/users/invitations", cookie, payload: body });
  const body = (email: string, extra: Record<string, unknown> = {}) => ({
    firstSurname: "Vera",
    secondSurname: "",
    names: "Lucía",
    email,
    role: "Secretaria",
    language: "fr",
    ...extra,
  });

  it("creates a not-activated account, mails an invitation; she chooses her password and signs in", async () => {
    const email = `invited-${randomUUID().slice(0, 8)}@test.local`;
    const since = t.mails.length;
    const response = await invite(body(email));
    expect(response.statusCode).toBe(201);
    const id = response.json().id as number;
    const row = await t.ctx.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email, role: "Secretaria", language: "fr", activated_at: null });
    const mail = await waitForMail(t.mails, email, since);
    const token = linkToken(mail, "/account-activate");
    // Before a password, sign-in is refused whatever is tried, and the link alone does not activate.
    const activate = await call(t, { method: "POST", url: "/api/auth/activate", payload: { token } });
    expect(activate.statusCode).toBe(400);
    expect(errorOf(activate).code).toBe("PASSWORD_REQUIRED");
    const accept = (password: string, confirmation = password) =>
      call(t, {
        method: "POST",
        url: "/api/auth/invitation/accept",
        payload: { token, password, passwordConfirmation: confirmation },
      });
    expect((await accept("a fine new passphrase", "another one entirely")).statusCode).toBe(400);
    expect((await accept("a fine new passphrase")).statusCode).toBe(200);
    expect(errorOf(await accept("a fine new passphrase")).code).toBe("TOKEN_INVALID");
    await loginAs(t, email, "a fine new passphrase");
    const events = await t.ctx.db
      .selectFrom("audit_events")
      .select(["event", "actor_user_id"])
      .where("subject_user_id", "=", id)
      .where("event", "in", ["account.invited", "account.activated"])
      .orderBy("id")
      .execute();
    expect(events).toEqual([
      { event: "account.invited", actor_user_id: admin.id },
      { event: "account.activated", actor_user_id: null },
    ]);
  });

  it("the invitation e-mail names the school, the inviting Admin and the role, in the invitee's language", async () => {
    const email = `named-${randomUUID().slice(0, 8)}@test.local`;
    const since = t.mails.length;
    const id = (await invite(body(email))).json().id as number;
    await waitForMail(t.mails, email, since);
    const school = (await getIdentity(t.ctx, t.ctx.db)).schoolName;
    const sent = () =>
      t.ctx.db
        .selectFrom("mail_outbox")
        .select(["kind", "subject", "body_text"])
        .where("to_address", "=", email)
        .orderBy("id")
        .execute();
    const [mail] = await sent();
    expect(mail?.kind).toBe("staffInvitation");
    expect(mail?.subject).toBe(`Ana Lucía Pérez vous invite sur le portail des inscriptions de ${school}`);
    expect(mail?.body_text).toContain("Bonjour Lucía,");
    expect(mail?.body_text).toContain(
      `Ana Lucía Pérez a créé votre compte sur le portail des inscriptions de ${school} avec le rôle «\u202fSecrétariat\u202f»`,
    );
    expect(mail?.body_text).not.toMatch(/Merci de votre inscription|pas à l'origine de cette demande/);
    // A link the Admin sends again is the same invitation, naming the same person.
    const resent = t.mails.length;
    expect((await post(admin.cookie, id, "activation-mail")).statusCode).toBe(200);
    await waitForMail(t.mails, email, resent);
    expect((await sent()).at(-1)).toMatchObject({ kind: "staffInvitation", subject: mail?.subject });
  });

  it("a resent link for an invited account still asks for a password", async () => {
    const email = `reinvited-${randomUUID().slice(0, 8)}@test.local`;
    const first = t.mails.length;
    const id = (await invite(body(email))).json().id as number;
    // The first invitation is out before counting: the resent one is the next mail.
    await waitForMail(t.mails, email, first);
    const since = t.mails.length;
    expect((await post(admin.cookie, id, "activation-mail")).statusCode).toBe(200);
    const token = linkToken(await waitForMail(t.mails, email, since), "/account-activate");
    const activate = await call(t, { method: "POST", url: "/api/auth/activate", payload: { token } });
    expect(errorOf(activate).code).toBe("PASSWORD_REQUIRED");
  });

  it("refuses a taken e-mail (409), a family role and a bad body, creating nothing", async () => {
    const existing = await createUser(t);
    const taken = await invite(body(existing.email, { language: "en" }));
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toMatchObject({
      code: "EMAIL_TAKEN",
      message: "An account with this e-mail already exists",
    });
    const email = `refused-${randomUUID().slice(0, 8)}@test.local`;
    for (const bad of [{ role: "User" }, { role: "Prueba" }, { language: "de" }, { names: "" }, { extra: 1 }]) {
      const response = await invite(body(email, bad));
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await t.ctx.db.selectFrom("users").select("id").where("email", "=", email).execute()).toEqual([]);
  });

  it("only the Admin may invite", async () => {
    const email = `nobody-${randomUUID().slice(0, 8)}@test.local`;
    for (const role of ROLES.filter((r) => r !== "Admin")) {
      const other = await signedInAs(t, role);
      expect((await invite(body(email), other.cookie)).statusCode, role).toBe(403);
    }
    expect((await call(t, { method: "POST", url: "/api/users/invitations", payload: body(email) })).statusCode).toBe(
      401,
    );
    expect(await t.ctx.db.selectFrom("users").select("id").where("email", "=", email).execute()).toEqual([]);
  });
});

// Who is the last active Admin depends on every Admin in the database: a database of its own.
describe("the last active Admin", () => {
  let own: OwnDatabase;
  let app: TestApp;
  beforeAll(async () => {
    own = await createOwnDatabase("users-admin");
    app = await createTestApp(own.env);
  });
  afterAll(async () => {
    await app?.close();
    await own?.drop();
  });

  const deactivate = (cookie: string, id: number) =>
    call(app, { method: "POST", url: `/api/users/${id}/deactivate`, cookie });

  it("deactivated Admins do not count: the one left cannot be demoted", async () => {
    const first = await signedInAs(app, "Admin", { language: "en" });
    await onlyAdmin(app, first.id);
    const second = await signedInAs(app, "Admin", { language: "en" });
    expect((await deactivate(first.cookie, second.id)).statusCode).toBe(200);
    const demote = await call(app, {
      method: "PUT",
      url: `/api/users/${first.id}/role`,
      cookie: first.cookie,
      payload: { role: "User" },
    });
    expect(demote.statusCode).toBe(409);
    expect(errorOf(demote).code).toBe("LAST_ADMIN");
    // Reactivated, the second counts again: the first may now be switched off by the second.
    expect(
      (await call(app, { method: "POST", url: `/api/users/${second.id}/reactivate`, cookie: first.cookie })).statusCode,
    ).toBe(200);
    const secondCookie = await loginAs(app, second.email);
    expect((await deactivate(secondCookie, first.id)).statusCode).toBe(200);
  });

  it("survives two Admins deactivating each other at the same moment: one stays active", async () => {
    // A race either way round: repeated so that a check-then-write gap cannot hide behind luck.
    for (let round = 0; round < 6; round++) {
      const a = await signedInAs(app, "Admin", { language: "en" });
      await onlyAdmin(app, a.id);
      const b = await signedInAs(app, "Admin", { language: "en" });
      const answers = await Promise.all([deactivate(a.cookie, b.id), deactivate(b.cookie, a.id)]);
      const statuses = answers.map((r) => r.statusCode).sort((x, y) => x - y);
      // One wins; the other is refused: as the last active Admin, or because its session ended first.
      expect(statuses[0], `round ${round}`).toBe(200);
      expect([401, 403, 409], `round ${round}`).toContain(statuses[1]);
      const refused = answers.find((r) => r.statusCode === 409);
      if (refused) {
        expect(errorOf(refused)).toEqual({
          code: "LAST_ADMIN_DEACTIVATION",
          message: "The last active administrator cannot be deactivated",
        });
      }
      const active = await app.ctx.db
        .selectFrom("users")
        .select("id")
        .where("role", "=", "Admin")
        .where("deactivated_at", "is", null)
        .execute();
      expect(active, `round ${round}`).toHaveLength(1);
    }
  });
});
