import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwnDatabase, type OwnDatabase } from "./support/own-database.ts";
import { call, createTestApp, createUser, errorOf, loginAs, signedInAs, type TestApp } from "./support/test-app.ts";

// Maintenance mode is global: this spec runs on a database of its own so other files never see it.
let own: OwnDatabase;
let t: TestApp;
beforeAll(async () => {
  own = await createOwnDatabase("maintenance");
  t = await createTestApp(own.env);
});
afterAll(async () => {
  await t?.close();
  await own?.drop();
});

const setMaintenance = (cookie: string, maintenanceMode: unknown) =>
  call(t, { method: "PUT", url: "/api/settings/general", cookie, payload: { maintenanceMode } });

describe("maintenance mode", () => {
  it("closes the API to everyone but an Admin, keeps sign-in open, and reopens when turned off", async () => {
    const admin = await signedInAs(t, "Admin");
    const family = await signedInAs(t, "User", { language: "en" });
    const staff = await signedInAs(t, "Secretaria", { language: "fr" });
    expect((await call(t, { method: "GET", url: "/api/account", cookie: family.cookie })).statusCode).toBe(200);

    const on = await setMaintenance(admin.cookie, true);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ maintenanceMode: true });

    const closed = await call(t, { method: "GET", url: "/api/account", cookie: family.cookie });
    expect(closed.statusCode).toBe(503);
    expect(errorOf(closed)).toEqual({
      code: "MAINTENANCE",
      message: "The portal is under maintenance. Come back later.",
    });
    const closedFr = await call(t, { method: "GET", url: "/api/catalogs/levels", cookie: staff.cookie });
    expect(errorOf(closedFr)).toEqual({
      code: "MAINTENANCE",
      message: "Le portail est en maintenance. Revenez plus tard.",
    });
    const register = await call(t, { method: "POST", url: "/api/auth/register", payload: {} });
    expect(register.statusCode).toBe(503);
    expect(errorOf(register).code).toBe("MAINTENANCE");
    const forgot = await call(t, {
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: family.email },
    });
    expect(forgot.statusCode).toBe(503);

    // What the SPA needs to show the maintenance page and to let an Admin sign in stays open.
    const session = await call(t, { method: "GET", url: "/api/session", cookie: family.cookie });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ maintenance: true, user: { email: family.email } });
    const config = await call(t, { method: "GET", url: "/api/public/config" });
    expect(config.json().maintenance).toBe(true);
    for (const url of ["/api/health", "/api/school-years", "/api/auth/captcha"]) {
      expect((await call(t, { method: "GET", url })).statusCode, url).toBe(200);
    }
    const language = await call(t, { method: "PUT", url: "/api/session/language", payload: { language: "fr" } });
    expect(language.json()).toMatchObject({ language: "fr", maintenance: true });

    // Login still works: a freshly signed-in Admin gets in, a family can sign in but not further.
    const adminAgain = await loginAs(t, admin.email);
    expect((await call(t, { method: "GET", url: "/api/account", cookie: adminAgain })).statusCode).toBe(200);
    const settings = await call(t, { method: "GET", url: "/api/settings/general", cookie: adminAgain });
    expect(settings.json()).toEqual({ maintenanceMode: true });
    const familyAgain = await loginAs(t, family.email);
    expect((await call(t, { method: "GET", url: "/api/account", cookie: familyAgain })).statusCode).toBe(503);
    const logout = await call(t, { method: "POST", url: "/api/auth/logout", cookie: familyAgain });
    expect(logout.statusCode).toBe(200);

    const off = await setMaintenance(adminAgain, false);
    expect(off.json()).toEqual({ maintenanceMode: false });
    expect((await call(t, { method: "GET", url: "/api/account", cookie: family.cookie })).statusCode).toBe(200);
    expect((await call(t, { method: "GET", url: "/api/catalogs/levels", cookie: staff.cookie })).statusCode).toBe(200);
    expect((await call(t, { method: "GET", url: "/api/session", cookie: family.cookie })).json().maintenance).toBe(
      false,
    );
    expect((await call(t, { method: "GET", url: "/api/public/config" })).json().maintenance).toBe(false);

    const events = await t.ctx.db
      .selectFrom("audit_events")
      .select(["actor_user_id", "details", "ip"])
      .where("event", "=", "settings.changed")
      .orderBy("id")
      .execute();
    expect(events.map((e) => ({ actor: e.actor_user_id, details: JSON.parse(e.details ?? "null") }))).toEqual([
      { actor: admin.id, details: { maintenanceMode: true } },
      { actor: admin.id, details: { maintenanceMode: false } },
    ]);
    expect(events.every((e) => e.ip.length > 0)).toBe(true);
  });

  it("is not the staff's to switch: a Secretaria cannot turn it on", async () => {
    const staff = await signedInAs(t, "Secretaria");
    const response = await setMaintenance(staff.cookie, true);
    expect(response.statusCode).toBe(403);
    const admin = await signedInAs(t, "Admin");
    expect((await call(t, { method: "GET", url: "/api/settings/general", cookie: admin.cookie })).json()).toEqual({
      maintenanceMode: false,
    });
  });

  it("persists the flag in the database, read by a second app on the same database", async () => {
    const admin = await signedInAs(t, "Admin");
    const user = await createUser(t);
    const second = await createTestApp(own.env);
    try {
      const cookie = await loginAs(second, user.email);
      expect((await setMaintenance(admin.cookie, true)).statusCode).toBe(200);
      const row = await t.ctx.db
        .selectFrom("settings")
        .select("value")
        .where("key", "=", "maintenance_mode")
        .executeTakeFirst();
      expect(row?.value).toBe("true");
      // The second app caches the flag for a couple of seconds: wait until it has seen it.
      let status = 0;
      for (let i = 0; i < 100 && status !== 503; i++) {
        status = (await call(second, { method: "GET", url: "/api/account", cookie })).statusCode;
        if (status !== 503) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(status).toBe(503);
    } finally {
      await setMaintenance(admin.cookie, false);
      await second.close();
    }
  });
});
