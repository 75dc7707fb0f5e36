import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cachedSession } from "../src/kernel/session-cache.ts";
import { sha256 } from "../src/lib/crypto.ts";
import { call, createTestApp, createUser, errorOf, loginAs, signedInAs, type TestApp } from "./support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const sessionId = (cookie: string) => sha256(cookie.split("=")[1] ?? "");
const account = (cookie: string) => call(t, { method: "GET", url: "/api/account", cookie });

describe("the session cache", () => {
  it("serves a signed-in request's session and user from memory after the first lookup", async () => {
    const user = await signedInAs(t, "User");
    expect(cachedSession(sessionId(user.cookie), Date.now())).toBeUndefined();
    expect((await account(user.cookie)).statusCode).toBe(200);
    expect(cachedSession(sessionId(user.cookie), Date.now())?.user.id).toBe(user.id);
    // Proof that the next request does not read the database: a row removed behind the
    // repository's back (never done by the app) is not seen until the entry's time is up.
    await t.ctx.db.deleteFrom("sessions").where("id", "=", sessionId(user.cookie)).execute();
    expect((await account(user.cookie)).statusCode).toBe(200);
  });

  it("logout ends the session at once", async () => {
    const user = await signedInAs(t, "User");
    expect((await account(user.cookie)).statusCode).toBe(200);
    const out = await call(t, { method: "POST", url: "/api/auth/logout", cookie: user.cookie });
    expect(out.statusCode).toBeLessThan(300);
    expect(cachedSession(sessionId(user.cookie), Date.now())).toBeUndefined();
    const after = await account(user.cookie);
    expect(after.statusCode).toBe(401);
    expect(errorOf(after).code).toBe("UNAUTHENTICATED");
  });

  it("a role change ends the user's sessions at once", async () => {
    const admin = await signedInAs(t, "Admin");
    const staff = await signedInAs(t, "Secretaria");
    const list = () => call(t, { method: "GET", url: "/api/requests", cookie: staff.cookie });
    expect((await list()).statusCode).toBe(200);
    const changed = await call(t, {
      method: "PUT",
      url: `/api/users/${staff.id}/role`,
      cookie: admin.cookie,
      payload: { role: "Editor" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await list()).statusCode).toBe(401);
  });

  it("a change to the account shows in the user's other sessions at once", async () => {
    const user = await createUser(t);
    const here = await loginAs(t, user.email);
    const elsewhere = await loginAs(t, user.email);
    expect((await account(elsewhere)).json()).toMatchObject({ language: "es" });
    const changed = await call(t, {
      method: "PATCH",
      url: "/api/account",
      cookie: here,
      payload: {
        firstSurname: "Zambrano",
        secondSurname: "Loor",
        names: "Lucía",
        phone: "+593 99 123 4567",
        language: "fr",
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await account(elsewhere)).json()).toMatchObject({ language: "fr", names: "Lucía" });
  });

  it("a password change ends the user's other sessions at once and keeps the current one", async () => {
    const user = await createUser(t);
    const here = await loginAs(t, user.email);
    const elsewhere = await loginAs(t, user.email);
    expect((await account(elsewhere)).statusCode).toBe(200);
    const changed = await call(t, {
      method: "POST",
      url: "/api/account/password",
      cookie: here,
      payload: {
        currentPassword: user.password,
        password: "a new long passphrase 42",
        passwordConfirmation: "a new long passphrase 42",
      },
    });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    expect((await account(elsewhere)).statusCode).toBe(401);
    expect((await account(here)).statusCode).toBe(200);
  });

  // A request whose session the cache holds is settled without the database (plugins/session.ts);
  // its times are still checked against the clock, and the writes they call for still happen.
  it("a session held in memory that passes its absolute expiry ends: row deleted, cookie cleared", async () => {
    const user = await createUser(t);
    const cookie = await loginAs(t, user.email);
    // The clock stands still from here, so a slow machine cannot move the test's instants.
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    await t.ctx.db
      .updateTable("sessions")
      .set({ expires_at: new Date(start + 2_000).toISOString() })
      .where("id", "=", sessionId(cookie))
      .execute();
    expect((await account(cookie)).statusCode).toBe(200);
    vi.setSystemTime(start + 3_000);
    expect(cachedSession(sessionId(cookie), Date.now())).toBeDefined();
    const after = await account(cookie);
    expect(after.statusCode).toBe(401);
    expect(after.cookies.find((c) => c.name === "portal_sid")?.value).toBe("");
    const row = await t.ctx.db
      .selectFrom("sessions")
      .select("id")
      .where("id", "=", sessionId(cookie))
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it("a session held in memory records its activity once a minute has passed since the last record", async () => {
    const user = await createUser(t);
    const cookie = await loginAs(t, user.email);
    // The clock stands still from here, so a slow machine cannot move the test's instants.
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const seen = () =>
      t.ctx.db
        .selectFrom("sessions")
        .select("last_seen_at")
        .where("id", "=", sessionId(cookie))
        .executeTakeFirstOrThrow()
        .then((row) => row.last_seen_at);
    const earlier = new Date(start - 59_000).toISOString();
    await t.ctx.db.updateTable("sessions").set({ last_seen_at: earlier }).where("id", "=", sessionId(cookie)).execute();
    expect((await account(cookie)).statusCode).toBe(200);
    expect(await seen()).toBe(earlier);
    vi.setSystemTime(start + 2_000);
    expect(cachedSession(sessionId(cookie), Date.now())).toBeDefined();
    expect((await account(cookie)).statusCode).toBe(200);
    expect(await seen()).toBe(new Date(start + 2_000).toISOString());
  });
});
