import type { Role } from "@portal/shared/roles";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onlyAdmin } from "./support/admins.ts";
import { createOwnDatabase, type OwnDatabase } from "./support/own-database.ts";
import { call, createTestApp, createUser, errorOf, loginAs, signedInAs, type TestApp } from "./support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const changeRole = (app: TestApp, cookie: string, id: number, role: Role | string) =>
  call(app, { method: "PUT", url: `/api/users/${id}/role`, cookie, payload: { role } });

const userRow = (app: TestApp, id: number) =>
  app.ctx.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

const roleEvents = (app: TestApp, subjectId: number) =>
  app.ctx.db
    .selectFrom("audit_events")
    .select(["actor_user_id", "subject_user_id", "details"])
    .where("event", "=", "role.changed")
    .where("subject_user_id", "=", subjectId)
    .orderBy("id")
    .execute();

describe("PUT /api/users/:id/role", () => {
  it("changes the role, records who changed what, and signs the user out everywhere", async () => {
    const admin = await signedInAs(t, "Admin");
    const target = await createUser(t, { role: "User" });
    const targetCookies = [await loginAs(t, target.email), await loginAs(t, target.email)];

    const response = await changeRole(t, admin.cookie, target.id, "Editor");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: target.id, role: "Editor" });
    expect((await userRow(t, target.id)).role).toBe("Editor");

    const events = await roleEvents(t, target.id);
    expect(events.map((e) => ({ ...e, details: JSON.parse(e.details ?? "null") }))).toEqual([
      { actor_user_id: admin.id, subject_user_id: target.id, details: { from: "User", to: "Editor" } },
    ]);

    for (const cookie of targetCookies) {
      expect((await call(t, { method: "GET", url: "/api/account", cookie })).statusCode).toBe(401);
    }
    expect((await call(t, { method: "GET", url: "/api/account", cookie: admin.cookie })).statusCode).toBe(200);
    const again = await loginAs(t, target.email);
    const session = await call(t, { method: "GET", url: "/api/session", cookie: again });
    expect(session.json().user).toMatchObject({ role: "Editor", isTestData: false });
  });

  it("flags a Test (Prueba) user's data as test data, and unflags it when the role goes back", async () => {
    const admin = await signedInAs(t, "Admin");
    const target = await createUser(t, { role: "User" });

    expect((await changeRole(t, admin.cookie, target.id, "Prueba")).json()).toEqual({ id: target.id, role: "Prueba" });
    expect(await userRow(t, target.id)).toMatchObject({ role: "Prueba", is_test_data: 1 });
    const cookie = await loginAs(t, target.email);
    const session = await call(t, { method: "GET", url: "/api/session", cookie });
    expect(session.json().user).toMatchObject({ role: "Prueba", isTestData: true });

    expect((await changeRole(t, admin.cookie, target.id, "User")).statusCode).toBe(200);
    expect(await userRow(t, target.id)).toMatchObject({ role: "User", is_test_data: 0 });
  });

  it("changes nothing when the role is already the one asked for", async () => {
    const admin = await signedInAs(t, "Admin");
    const target = await signedInAs(t, "Consulta");
    const response = await changeRole(t, admin.cookie, target.id, "Consulta");
    expect(response.json()).toEqual({ id: target.id, role: "Consulta" });
    expect(await roleEvents(t, target.id)).toEqual([]);
    expect((await call(t, { method: "GET", url: "/api/account", cookie: target.cookie })).statusCode).toBe(200);
  });

  it("answers 404 NOT_FOUND for an unknown user", async () => {
    const admin = await signedInAs(t, "Admin", { language: "en" });
    const response = await changeRole(t, admin.cookie, 2_147_483_647, "User");
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toEqual({ code: "NOT_FOUND", message: "The record has been deleted or does not exist." });
  });

  it("refuses a role that does not exist", async () => {
    const admin = await signedInAs(t, "Admin", { language: "en" });
    const target = await createUser(t);
    const response = await changeRole(t, admin.cookie, target.id, "SuperAdmin");
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.role).toBe("Choose a role from the list");
    expect((await userRow(t, target.id)).role).toBe("User");
  });
});

// Who is the last Admin depends on every Admin in the database: these run on a database of their own.
describe("the last active Admin", () => {
  let own: OwnDatabase;
  let app: TestApp;
  beforeAll(async () => {
    own = await createOwnDatabase("roles");
    app = await createTestApp(own.env);
  });
  afterAll(async () => {
    await app?.close();
    await own?.drop();
  });

  it("cannot lose the Admin role, not even by their own hand", async () => {
    const admin = await signedInAs(app, "Admin", { language: "en" });
    await onlyAdmin(app, admin.id);
    const response = await changeRole(app, admin.cookie, admin.id, "Secretaria");
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({
      code: "LAST_ADMIN",
      message: "The last administrator cannot lose the administrator role",
    });
    expect((await userRow(app, admin.id)).role).toBe("Admin");
    expect(await roleEvents(app, admin.id)).toEqual([]);
  });

  it("counts only activated Admins", async () => {
    const admin = await signedInAs(app, "Admin");
    await onlyAdmin(app, admin.id);
    const dormant = await createUser(app, { role: "Admin", activated: false });
    expect((await changeRole(app, admin.cookie, admin.id, "User")).statusCode).toBe(409);
    // Demoting the dormant one leaves the active Admin in place: allowed.
    expect((await changeRole(app, admin.cookie, dormant.id, "User")).statusCode).toBe(200);
  });

  it("can be demoted once another Admin is active, and then the other one is the last", async () => {
    const first = await signedInAs(app, "Admin");
    await onlyAdmin(app, first.id);
    const second = await signedInAs(app, "Admin");
    expect((await changeRole(app, second.cookie, first.id, "User")).statusCode).toBe(200);
    expect((await changeRole(app, second.cookie, second.id, "User")).statusCode).toBe(409);
  });

  it("survives two Admins demoting each other at the same moment", async () => {
    // A race either way round: repeat it so that a check-then-write gap cannot hide behind luck.
    for (let round = 0; round < 8; round++) {
      const a = await signedInAs(app, "Admin");
      await onlyAdmin(app, a.id);
      const b = await signedInAs(app, "Admin");
      const answers = await Promise.all([
        changeRole(app, a.cookie, b.id, "User"),
        changeRole(app, b.cookie, a.id, "User"),
      ]);
      const statuses = answers.map((r) => r.statusCode).sort((x, y) => x - y);
      // One wins; the other is refused: as the last Admin, or because its session lost the role first.
      expect(statuses[0], `round ${round}`).toBe(200);
      expect([401, 403, 409], `round ${round}`).toContain(statuses[1]);
      const admins = await app.ctx.db.selectFrom("users").select("id").where("role", "=", "Admin").execute();
      expect(admins, `round ${round}`).toHaveLength(1);
    }
  });
});
