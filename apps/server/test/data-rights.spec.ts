import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deadlineFor, schoolToday } from "../src/modules/data-rights/data-rights-dates.ts";
import { act, bornYearsAgo, childBornOn, fileRequest, validFiling } from "./support/data-rights.ts";
import { call, createTestApp, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

/*
 * Data-rights requests (docs/rules/data-protection.md "Data-rights requests"): a family files and
 * reads only its own; the adolescent acts only from 15; the staff's queue, its transitions, their
 * audit rows and the family's e-mail in its language.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const auditRows = (event: string, id: number) =>
  t.ctx.db
    .selectFrom("audit_events")
    .selectAll()
    .where("event", "=", event)
    .where("details", "like", `%"dataRightsRequestId":${id},%`)
    .execute();

describe("a family files a data-rights request", () => {
  it("about the whole family: received today, due 15 calendar days later, audited, listed", async () => {
    const family = await signedInAs(t, "User", { language: "en" });
    const response = await fileRequest(t, family.cookie, { ...validFiling, kind: "portability" });
    expect(response.statusCode).toBe(201);
    const filed = response.json();
    expect(filed).toMatchObject({
      kind: "portability",
      subject: "family",
      studentName: null,
      actor: "representative",
      state: "received",
      deadline: deadlineFor(schoolToday()),
      daysLeft: 15,
      answer: null,
    });
    const [audit] = await auditRows("dataRights.filed", filed.id);
    expect(audit).toMatchObject({ actor_user_id: family.id, subject_user_id: family.id });

    const list = await call(t, { method: "GET", url: "/api/account/data-rights", cookie: family.cookie });
    expect(list.statusCode).toBe(200);
    expect(list.json().requests.map((r: { id: number }) => r.id)).toEqual([filed.id]);
  });

  it("about one of its own children only; another family's child is refused like an unknown one", async () => {
    const family = await signedInAs(t, "User", { language: "en" });
    const other = await signedInAs(t, "User");
    const own = await childBornOn(t, family.id, "Lucía Pérez", bornYearsAgo(8));
    const theirs = await childBornOn(t, other.id, "Otro Niño", bornYearsAgo(8));
    const list = await call(t, { method: "GET", url: "/api/account/data-rights", cookie: family.cookie });
    expect(list.json().students).toEqual([{ id: own, name: "Lucía Pérez", mayActAlone: false }]);

    const ok = await fileRequest(t, family.cookie, {
      ...validFiling,
      kind: "erasure",
      subject: "student",
      studentId: own,
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ subject: "student", studentName: "Lucía Pérez", kind: "erasure" });
    for (const studentId of [theirs, 2147483000]) {
      const refused = await fileRequest(t, family.cookie, { ...validFiling, subject: "student", studentId });
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused)).toMatchObject({
        code: "DATA_RIGHTS_STUDENT_UNKNOWN",
        message: "Choose one of your own children, or the whole family.",
      });
    }
  });

  it("refuses a wrong kind, a missing or oversized description, with messages in the family's language", async () => {
    const family = await signedInAs(t, "User", { language: "es" });
    const wrongKind = await fileRequest(t, family.cookie, { ...validFiling, kind: "deletion" });
    expect(wrongKind.statusCode).toBe(400);
    expect(errorOf(wrongKind).fields?.kind).toBe("Elija una opción de la lista");
    const tooLong = await fileRequest(t, family.cookie, { ...validFiling, description: "a".repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong).fields?.description).toBe("El texto es demasiado largo");
    const blank = await fileRequest(t, family.cookie, { ...validFiling, description: "   " });
    expect(errorOf(blank).fields?.description).toBeTruthy();
    const noChild = await fileRequest(t, family.cookie, { ...validFiling, subject: "student" });
    expect(errorOf(noChild).fields?.studentId).toBeTruthy();
    const rows = await t.ctx.db
      .selectFrom("data_rights_requests")
      .select("id")
      .where("family_user_id", "=", family.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it("lets the adolescent act for themselves from the 15th birthday only, and records who acted", async () => {
    const family = await signedInAs(t, "User", { language: "en" });
    const fifteen = await childBornOn(t, family.id, "Quince Hoy", bornYearsAgo(15));
    const almost = await childBornOn(t, family.id, "Quince Mañana", bornYearsAgo(15, 1));
    const students = (await call(t, { method: "GET", url: "/api/account/data-rights", cookie: family.cookie })).json()
      .students as { id: number; mayActAlone: boolean }[];
    expect(students.find((s) => s.id === fifteen)?.mayActAlone).toBe(true);
    expect(students.find((s) => s.id === almost)?.mayActAlone).toBe(false);

    const alone = { ...validFiling, subject: "student", actor: "adolescent" };
    const ok = await fileRequest(t, family.cookie, { ...alone, studentId: fifteen });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().actor).toBe("adolescent");
    const young = await fileRequest(t, family.cookie, { ...alone, studentId: almost });
    expect(young.statusCode).toBe(400);
    expect(errorOf(young).code).toBe("DATA_RIGHTS_ADOLESCENT_TOO_YOUNG");
    const wholeFamily = await fileRequest(t, family.cookie, { ...validFiling, actor: "adolescent" });
    expect(errorOf(wholeFamily).fields?.actor).toBeTruthy();
  });

  it("never shows a family another family's requests, nor lets it into the staff's queue", async () => {
    const a = await signedInAs(t, "User");
    const b = await signedInAs(t, "User");
    const filed = (await fileRequest(t, a.cookie, validFiling)).json();
    const seenByB = await call(t, { method: "GET", url: "/api/account/data-rights", cookie: b.cookie });
    expect(seenByB.json().requests).toEqual([]);
    for (const [method, url] of [
      ["GET", "/api/data-rights-requests"],
      ["GET", `/api/data-rights-requests/${filed.id}`],
      ["POST", `/api/data-rights-requests/${filed.id}/actions`],
    ] as const) {
      const asFamily = await call(t, { method, url, cookie: b.cookie, payload: { action: "start" } });
      expect(asFamily.statusCode, url).toBe(403);
      const anonymous = await call(t, { method, url, payload: { action: "start" } });
      expect(anonymous.statusCode, url).toBe(401);
    }
    const consulta = await signedInAs(t, "Consulta");
    expect(
      (await call(t, { method: "GET", url: "/api/data-rights-requests", cookie: consulta.cookie })).statusCode,
    ).toBe(403);
    const staff = await signedInAs(t, "Secretaria");
    const staffFiling = await fileRequest(t, staff.cookie, validFiling);
    expect(staffFiling.statusCode).toBe(403);
    const [row] = await t.ctx.db
      .selectFrom("data_rights_requests")
      .select("state")
      .where("id", "=", filed.id)
      .execute();
    expect(row?.state).toBe("received");
  });
});

describe("the staff's queue", () => {
  it("lists oldest deadline first, counts days left (negative when overdue), filters by state and kind", async () => {
    const family = await signedInAs(t, "User");
    const insert = (kind: string, deadline: string, state = "received") =>
      t.ctx.db
        .insertInto("data_rights_requests")
        .values({
          family_user_id: family.id,
          filed_by: family.id,
          kind,
          subject: "family",
          student_id: null,
          actor: "representative",
          description: "Queue order test",
          state,
          filed_at: new Date().toISOString(),
          deadline_on: deadline,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    const late = await insert("opposition", "2000-01-02");
    const later = await insert("opposition", "2000-01-05");
    const earliest = await insert("opposition", "2000-01-01", "answered");
    const staff = await signedInAs(t, "Admin");
    const queue = await call(t, {
      method: "GET",
      url: "/api/data-rights-requests?kind=opposition",
      cookie: staff.cookie,
    });
    expect(queue.statusCode).toBe(200);
    const mine = (queue.json().items as { id: number; daysLeft: number; kind: string }[]).filter((item) =>
      [late.id, later.id, earliest.id].includes(item.id),
    );
    expect(mine.map((item) => item.id)).toEqual([earliest.id, late.id, later.id]);
    expect(mine[1]?.daysLeft).toBeLessThan(-9000);
    const received = await call(t, {
      method: "GET",
      url: "/api/data-rights-requests?state=received&kind=opposition",
      cookie: staff.cookie,
    });
    const ids = (received.json().items as { id: number; state: string }[]).map((item) => item.id);
    expect(ids).toContain(late.id);
    expect(ids).not.toContain(earliest.id);
    const bad = await call(t, { method: "GET", url: "/api/data-rights-requests?state=closed", cookie: staff.cookie });
    expect(bad.statusCode).toBe(400);
    const unknown = await call(t, { method: "GET", url: "/api/data-rights-requests/2147483000", cookie: staff.cookie });
    expect(errorOf(unknown).code).toBe("DATA_RIGHTS_REQUEST_NOT_FOUND");
  });

  it("takes a request in progress, answers it once, audits each step and mails the family in its language", async () => {
    const family = await signedInAs(t, "User", { language: "fr" });
    const filed = (await fileRequest(t, family.cookie, { ...validFiling, kind: "rectification" })).json();
    const staff = await signedInAs(t, "Secretaria", { language: "en" });

    const started = await act(t, staff.cookie, filed.id, { action: "start" });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ state: "inProgress", startedBy: { email: staff.email } });
    const again = await act(t, staff.cookie, filed.id, { action: "start" });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe("DATA_RIGHTS_ALREADY_STARTED");
    const noAnswer = await act(t, staff.cookie, filed.id, { action: "answer" });
    expect(noAnswer.statusCode).toBe(400);
    expect(errorOf(noAnswer).fields?.message).toBe("This field is mandatory");

    const answered = await act(t, staff.cookie, filed.id, { action: "answer", message: "Corrigé : nom de famille." });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({ state: "answered", answer: "Corrigé : nom de famille." });
    const closedAgain = await act(t, staff.cookie, filed.id, { action: "refuse", message: "No" });
    expect(closedAgain.statusCode).toBe(409);
    expect(errorOf(closedAgain).code).toBe("DATA_RIGHTS_REQUEST_CLOSED");

    expect(await auditRows("dataRights.started", filed.id)).toHaveLength(1);
    const [audit] = await auditRows("dataRights.answered", filed.id);
    expect(audit).toMatchObject({ actor_user_id: staff.id, subject_user_id: family.id });
    const mails = await t.ctx.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("user_id", "=", family.id)
      .where("kind", "=", "dataRightsClosed")
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to_address: family.email,
      subject: `Votre demande sur vos données n° ${filed.id} a reçu une réponse`,
    });
    expect(mails[0]?.body_text).toContain("Corrigé : nom de famille.");

    const seen = (await call(t, { method: "GET", url: "/api/account/data-rights", cookie: family.cookie })).json();
    expect(seen.requests[0]).toMatchObject({ state: "answered", answer: "Corrigé : nom de famille." });
  });

  it("refuses an open request with its reason, straight from received", async () => {
    const family = await signedInAs(t, "User", { language: "es" });
    const filed = (await fileRequest(t, family.cookie, { ...validFiling, kind: "opposition" })).json();
    const admin = await signedInAs(t, "Admin");
    const refused = await act(t, admin.cookie, filed.id, {
      action: "refuse",
      message: "Obligación legal de conservar.",
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ state: "refused", answer: "Obligación legal de conservar." });
    expect(await auditRows("dataRights.refused", filed.id)).toHaveLength(1);
    const [mail] = await t.ctx.db
      .selectFrom("mail_outbox")
      .select(["subject"])
      .where("user_id", "=", family.id)
      .where("kind", "=", "dataRightsClosed")
      .execute();
    expect(mail?.subject).toBe(`Su solicitud de derechos de datos n.º ${filed.id} ha sido rechazada`);
  });
});
