import type { Role } from "@portal/shared/roles";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { atDesk, deskCalls, newCedula, walkIn } from "./support/desk.ts";
import { minimalPdf } from "./support/documents.ts";
import { completeFile, startFile, uploadAs } from "./support/enrollment.ts";
import {
  call,
  createTestApp,
  currentSchoolYearId,
  errorOf,
  signedInAs,
  type TestApp,
  uniqueEmail,
} from "./support/test-app.ts";

// Enrollment at the office (docs/rules/staff-workflow.md "Walk-in families"): a secretary creates a
// family's account and fills its file for it; desk-claim.spec.ts: the parent claims the account.
let t: TestApp;
let secretary: Awaited<ReturnType<typeof signedInAs>>;
let desk: ReturnType<typeof deskCalls>;
beforeAll(async () => {
  t = await createTestApp();
  secretary = await signedInAs(t, "Secretaria");
  desk = deskCalls(t);
});
afterAll(() => t.close());

const createdFamily = (overrides: Record<string, unknown> = {}) => desk.created(secretary.cookie, overrides);

describe("creating a walk-in family", () => {
  it("without an e-mail: the account exists, shows no e-mail, and nobody can sign in with it", async () => {
    const id = await createdFamily({ language: "fr" });
    const shown = await desk.family(secretary.cookie, id);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({
      names: "Rosa Elena",
      firstSurname: "Quishpe",
      email: null,
      claimed: false,
      invitation: null,
      language: "fr",
      students: [],
    });
    const row = await t.ctx.db
      .selectFrom("users")
      .select(["email", "activated_at", "role", "desk_created_by"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ activated_at: null, role: "User", desk_created_by: secretary.id });
    expect(row.email).toMatch(/@no-email\.invalid$/);
    // Whoever finds the reserved address cannot sign in: the account is not activated, its password nobody's.
    for (const password of ["correct horse battery staple", ""]) {
      const login = await call(t, {
        method: "POST",
        url: "/api/auth/login",
        payload: { schoolYearId: await currentSchoolYearId(t), email: row.email, password },
      });
      expect(login.statusCode).not.toBe(200);
    }
    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .select(["actor_user_id"])
      .where("event", "=", "desk.familyCreated")
      .where("subject_user_id", "=", id)
      .execute();
    expect(audit).toEqual([{ actor_user_id: secretary.id }]);
  });

  it("refuses an e-mail already used, and an identification already known, naming the family to open", async () => {
    const used = await signedInAs(t, "User");
    const taken = await desk.create(secretary.cookie, walkIn({ email: used.email.toUpperCase() }));
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).code).toBe("EMAIL_TAKEN");

    const documentNumber = newCedula();
    const first = await createdFamily({ documentNumber, firstSurname: "Andrango" });
    const again = await desk.create(secretary.cookie, walkIn({ documentNumber, names: "Otra" }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: "IDENTIFICATION_KNOWN", details: { familyId: first } });
    expect(errorOf(again).message).toContain("Rosa Elena Andrango");
  });

  it("refuses a bad body field by field", async () => {
    const bad = await desk.create(
      secretary.cookie,
      walkIn({ documentNumber: "1234567890", phone: "abc", email: "x@" }),
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorOf(bad).fields ?? {}).sort()).toEqual(["documentNumber", "email", "phone"]);
    const missing = await desk.create(secretary.cookie, { names: "Solo" });
    expect(missing.statusCode).toBe(400);
    const extra = await desk.create(secretary.cookie, { ...walkIn(), role: "Admin" });
    expect(extra.statusCode).toBe(400);
  });

  it("refuses every role but Admin and Secretaria, and anyone signed out", async () => {
    const id = await createdFamily();
    const roles: Role[] = ["Consulta", "Editor", "User"];
    for (const role of roles) {
      const { cookie } = await signedInAs(t, role);
      for (const response of [
        await desk.create(cookie, walkIn()),
        await desk.family(cookie, id),
        await desk.setEmail(cookie, id, uniqueEmail()),
        await desk.invite(cookie, id),
      ]) {
        expect(response.statusCode, `${role} ${response.body}`).toBe(403);
      }
    }
    expect((await desk.create("", walkIn())).statusCode).toBe(401);
    const admin = await signedInAs(t, "Admin");
    expect((await desk.family(admin.cookie, id)).statusCode).toBe(200);
  });

  it("opens only families created at the desk", async () => {
    const online = await signedInAs(t, "User");
    const response = await desk.family(secretary.cookie, online.id);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe("DESK_FAMILY_NOT_FOUND");
  });
});

describe("filling the wizard at the desk", () => {
  it("saves every step and sends as the family, each step marked with the staff member, consents at the desk", async () => {
    const id = await createdFamily();
    const fileId = await completeFile(t, secretary.cookie, atDesk(id));
    const sent = await call(t, {
      method: "POST",
      url: `/api/enrollment/files/${fileId}/send`,
      cookie: secretary.cookie,
      headers: atDesk(id),
    });
    expect(sent.statusCode, sent.body).toBe(200);

    const steps = await t.ctx.db
      .selectFrom("enrollment_steps")
      .select(["step", "updated_by", "desk_staff_id"])
      .where("file_id", "=", fileId)
      .execute();
    expect(steps.length).toBeGreaterThan(10);
    expect(steps.every((s) => s.updated_by === secretary.id && s.desk_staff_id === secretary.id)).toBe(true);
    // The student and the request are the family's; the history names who sent it.
    const student = await t.ctx.db
      .selectFrom("enrollment_files as f")
      .innerJoin("students as s", "s.id", "f.student_id")
      .select("s.family_user_id")
      .where("f.id", "=", fileId)
      .executeTakeFirstOrThrow();
    expect(student.family_user_id).toBe(id);
    const request = await t.ctx.db
      .selectFrom("requests")
      .select(["id", "user_id"])
      .where("file_id", "=", fileId)
      .executeTakeFirstOrThrow();
    expect(request.user_id).toBe(id);
    const history = await t.ctx.db
      .selectFrom("request_history")
      .select(["action", "user_id"])
      .where("request_id", "=", request.id)
      .execute();
    expect(history).toEqual([{ action: "send", user_id: secretary.id }]);
    const consents = await t.ctx.db
      .selectFrom("consents")
      .select(["user_id", "desk_staff_id"])
      .where("file_id", "=", fileId)
      .execute();
    expect(consents.length).toBeGreaterThan(0);
    expect(consents.every((c) => c.user_id === id && c.desk_staff_id === secretary.id)).toBe(true);
    // Every change made for the family is audited with the secretary as the actor.
    const audited = await t.ctx.db
      .selectFrom("audit_events")
      .select(["actor_user_id", "details"])
      .where("event", "=", "desk.actedFor")
      .where("subject_user_id", "=", id)
      .execute();
    expect(audited.every((a) => a.actor_user_id === secretary.id)).toBe(true);
    const routes = audited.map((a) => JSON.parse(a.details ?? "{}").route as string);
    expect(routes).toContain("/api/enrollment/files/:fileId/steps/:step");
    expect(routes).toContain("/api/enrollment/files/:fileId/send");
    // The family's rules apply the same: sending again finds the file locked.
    const twice = await call(t, {
      method: "POST",
      url: `/api/enrollment/files/${fileId}/send`,
      cookie: secretary.cookie,
      headers: atDesk(id),
    });
    expect(twice.statusCode).toBe(409);
  });

  it("applies the family's validation and step order", async () => {
    const id = await createdFamily();
    const fileId = (await startFile(t, secretary.cookie, {}, atDesk(id))).json().id as number;
    const early = await call(t, {
      method: "PUT",
      url: `/api/enrollment/files/${fileId}/steps/terms`,
      cookie: secretary.cookie,
      headers: atDesk(id),
      payload: {},
    });
    expect(early.statusCode).toBe(409);
    const bad = await call(t, {
      method: "PUT",
      url: `/api/enrollment/files/${fileId}/steps/studentFile`,
      cookie: secretary.cookie,
      headers: atDesk(id),
      payload: { names: "" },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("reaches only the family named, and only for staff who may act at the desk", async () => {
    const a = await createdFamily();
    const b = await createdFamily();
    const fileOfB = (await startFile(t, secretary.cookie, {}, atDesk(b))).json().id as number;
    const crossed = await call(t, {
      method: "GET",
      url: `/api/enrollment/files/${fileOfB}`,
      cookie: secretary.cookie,
      headers: atDesk(a),
    });
    expect(crossed.statusCode).toBe(403);
    // Without the header the staff member is not a family.
    const plain = await call(t, { method: "GET", url: `/api/enrollment/files/${fileOfB}`, cookie: secretary.cookie });
    expect(plain.statusCode).toBe(403);
    for (const role of ["Consulta", "Editor", "User"] as const) {
      const { cookie } = await signedInAs(t, role);
      const refused = await call(t, { method: "GET", url: "/api/enrollment/cards", cookie, headers: atDesk(b) });
      expect(refused.statusCode, role).toBe(403);
    }
    // A family that registered online, or an id that is none, is not a desk family.
    const online = await signedInAs(t, "User");
    for (const header of [String(online.id), "0", "abc", "999999999"]) {
      const response = await call(t, {
        method: "GET",
        url: "/api/enrollment/cards",
        cookie: secretary.cookie,
        headers: { "x-desk-family": header },
      });
      expect(response.statusCode, header).toBe(404);
    }
    // Elsewhere the header changes nothing: the staff's own routes answer as staff.
    const lists = await call(t, { method: "GET", url: "/api/requests", cookie: secretary.cookie, headers: atDesk(a) });
    expect(lists.statusCode).toBe(200);
  });

  it("lets the browser's own GET of an upload name the family in the query, for desk staff only", async () => {
    const id = await createdFamily();
    const fileId = (await startFile(t, secretary.cookie, {}, atDesk(id))).json().id as number;
    const pdf = minimalPdf();
    const uploaded = await uploadAs(
      t,
      secretary.cookie,
      fileId,
      "identityDocument",
      pdf,
      "id.pdf",
      "application/pdf",
      atDesk(id),
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const url = `/api/enrollment/uploads/${uploaded.json().id}`;
    expect(
      (await call(t, { method: "GET", url: `${url}?deskFamily=${id}`, cookie: secretary.cookie })).statusCode,
    ).toBe(200);
    expect((await call(t, { method: "GET", url, cookie: secretary.cookie })).statusCode).toBe(403);
    const consulta = await signedInAs(t, "Consulta");
    expect((await call(t, { method: "GET", url: `${url}?deskFamily=${id}`, cookie: consulta.cookie })).statusCode).toBe(
      403,
    );
  });
});
