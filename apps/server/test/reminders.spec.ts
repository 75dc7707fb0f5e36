import { DEFAULT_REMINDER_RULES, type ReminderRules } from "@portal/shared/schemas/reminders";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { remindFamilies } from "../src/modules/reminders/reminder-sweep.ts";
import { familyWith } from "./support/breaches.ts";
import { insertDocumentRequest } from "./support/document-requests.ts";
import type { OwnDatabase } from "./support/own-database.ts";
import { startSmtp, waitForMail } from "./support/smtp.ts";
import { deliveredAll, smtpOutboxApp } from "./support/smtp-outbox-app.ts";
import { insertStudentRow } from "./support/students.ts";
import { call, createUser, currentSchoolYearId, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

/*
 * The families' automatic reminders (docs/rules/reminders.md): Settings › Reminders, and the
 * sweep run with a clock of the test's own, on a database of this spec's own (the sweep looks at
 * every family). The mail server is a real one on loopback, down at first: nothing is lost.
 */

let t: TestApp;
let own: OwnDatabase;
let port: number;
let admin: Awaited<ReturnType<typeof signedInAs>>;
let yearId: number;
const servers: { close: () => Promise<void> }[] = [];

beforeAll(async () => {
  ({ t, own, port } = await smtpOutboxApp("reminders"));
  admin = await signedInAs(t, "Admin", { language: "en" });
  yearId = await currentSchoolYearId(t);
});
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});
afterAll(async () => {
  await t.close();
  await own.drop();
});

const URL = "/api/settings/reminders";

async function saveRules(rules: ReminderRules) {
  const { version } = (await call(t, { method: "GET", url: URL, cookie: admin.cookie })).json();
  const saved = await call(t, { method: "PUT", url: URL, cookie: admin.cookie, payload: { ...rules, version } });
  expect(saved.statusCode).toBe(200);
  return saved.json();
}

describe("Settings › Reminders", () => {
  it("starts switched off, saves every cause with its times, audited, and refuses a stale version", async () => {
    const page = (await call(t, { method: "GET", url: URL, cookie: admin.cookie })).json();
    expect(page).toEqual({ rules: DEFAULT_REMINDER_RULES, version: 0, recent: [] });
    const rules = {
      ...DEFAULT_REMINDER_RULES,
      draftNotSent: { enabled: true, afterDays: 5, repeatDays: 2, maxTimes: 4 },
    };
    const saved = await call(t, { method: "PUT", url: URL, cookie: admin.cookie, payload: { ...rules, version: 0 } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ rules, version: 1 });
    const stale = await call(t, { method: "PUT", url: URL, cookie: admin.cookie, payload: { ...rules, version: 0 } });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe("SETTINGS_VERSION_CONFLICT");
    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .select("details")
      .where("event", "=", "settings.changed")
      .where("details", "like", '%"section":"reminders"%')
      .execute();
    expect(audit.map((row) => JSON.parse(row.details ?? "{}").changes)).toContainEqual([
      { field: "draftNotSent.enabled", before: false, after: true },
      { field: "draftNotSent.afterDays", before: 3, after: 5 },
      { field: "draftNotSent.repeatDays", before: 7, after: 2 },
      { field: "draftNotSent.maxTimes", before: 3, after: 4 },
    ]);
    await saveRules(DEFAULT_REMINDER_RULES);
  });

  it("answers bad input with the field in the caller's language, and changes nothing", async () => {
    const { version } = (await call(t, { method: "GET", url: URL, cookie: admin.cookie })).json();
    const bad = (draftNotSent: unknown) =>
      call(t, {
        method: "PUT",
        url: URL,
        cookie: admin.cookie,
        payload: { ...DEFAULT_REMINDER_RULES, draftNotSent, version },
      });
    const zero = await bad({ enabled: true, afterDays: 0, repeatDays: 7, maxTimes: 3 });
    expect(zero.statusCode).toBe(400);
    expect(errorOf(zero).fields?.["draftNotSent.afterDays"]).toBe("Enter a whole number of days from 1 to 60");
    const many = await bad({ enabled: true, afterDays: 3, repeatDays: 7, maxTimes: 11 });
    expect(errorOf(many).fields?.["draftNotSent.maxTimes"]).toBe("Enter a whole number from 1 to 10");
    expect((await bad({ enabled: "yes", afterDays: 3, repeatDays: 7, maxTimes: 3 })).statusCode).toBe(400);
    expect((await bad({ ...DEFAULT_REMINDER_RULES.draftNotSent, extra: 1 })).statusCode).toBe(400);
    expect((await call(t, { method: "GET", url: URL, cookie: admin.cookie })).json().version).toBe(version);
  });

  it("is the Admin's alone", async () => {
    for (const role of ["Secretaria", "Consulta", "Editor", "User", "Prueba"] as const) {
      const other = await signedInAs(t, role);
      expect((await call(t, { method: "GET", url: URL, cookie: other.cookie })).statusCode).toBe(403);
      const put = await call(t, {
        method: "PUT",
        url: URL,
        cookie: other.cookie,
        payload: { ...DEFAULT_REMINDER_RULES, version: 0 },
      });
      expect(put.statusCode).toBe(403);
    }
    expect((await call(t, { method: "GET", url: URL })).statusCode).toBe(401);
  });
});

/** A file started on `createdAt` and never sent. */
async function draftFile(familyId: number, studentName: string, createdAt: string, isTestData = false) {
  const student = await insertStudentRow(t, { familyId, name: studentName, isTestData, at: createdAt });
  const file = await t.ctx.db
    .insertInto("enrollment_files")
    .values({
      student_id: student.id,
      school_year_id: yearId,
      is_new_student: 1,
      status: "draft",
      level_code: null,
      created_at: createdAt,
      updated_at: createdAt,
      sent_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return file.id;
}

async function handIn(requestId: number, items: string[]) {
  for (const item of items) {
    await t.ctx.db
      .insertInto("document_hand_ins")
      .values({
        request_id: requestId,
        item,
        received: 1,
        received_on: "2026-12-01",
        recorded_at: "2026-12-01T20:00:00Z",
      })
      .execute();
  }
}

/** A sent request with its papers handed in, whose photo the office rejected at `rejectedAt`. */
async function rejectedPhoto(familyId: number, studentName: string, rejectedAt: string) {
  const request = await insertDocumentRequest(t, { yearId, familyId, studentName, sentAt: "2026-11-20T15:00:00Z" });
  await handIn(request.id, ["contract", "imageConsent"]);
  await t.ctx.db
    .updateTable("requests")
    .set({ photo_status: "rejected", photo_rejection_reason: "Blurred", photo_reviewed_at: rejectedAt })
    .where("id", "=", request.id)
    .execute();
  return request;
}

const remindersTo = (email: string) =>
  t.ctx.db
    .selectFrom("mail_outbox")
    .select(["subject", "body_text", "status", "request_id"])
    .where("kind", "=", "familyReminder")
    .where("to_address", "=", email)
    .orderBy("id")
    .execute();

/** Noon at the school (UTC−5) on a December day of 2026. */
const noon = (day: number) => new Date(`2026-12-${String(day).padStart(2, "0")}T17:00:00Z`);

describe("the reminder sweep", () => {
  it("sends each due cause once, grouped per family and day, in its language; stops with the cause or the switch; never to test accounts", async () => {
    // Switched off: a file left for weeks gets nothing.
    const early = await familyWith(t, "es");
    const earlyFile = await draftFile(early.owner.id, "Pablo Mora", "2026-11-01T15:00:00Z");
    expect(await remindFamilies(t.ctx, noon(3))).toEqual([]);
    await t.ctx.db.updateTable("enrollment_files").set({ status: "sent" }).where("id", "=", earlyFile).execute();

    await saveRules({
      draftNotSent: { enabled: true, afterDays: 3, repeatDays: 7, maxTimes: 2 },
      documentsOverdue: { enabled: true, afterDays: 2, repeatDays: 7, maxTimes: 3 },
      photoRejected: { enabled: true, afterDays: 3, repeatDays: 7, maxTimes: 3 },
      signaturesPending: DEFAULT_REMINDER_RULES.signaturesPending,
    });
    // A Spanish family with a second parent reading French: a file started on 1 December, and a
    // photo rejected the same day: both due on the 4th, in one e-mail.
    const andrade = await familyWith(t, "es", "fr");
    const draft = await draftFile(andrade.owner.id, "Sofía Andrade", "2026-12-01T15:00:00Z");
    const photo = await rejectedPhoto(andrade.owner.id, "Mateo Andrade", "2026-12-01T16:00:00Z");
    // An English family whose signed papers were due on 1 December at 11:00 (sent at 09:00).
    const smith = await familyWith(t, "en");
    const papers = await insertDocumentRequest(t, {
      yearId,
      familyId: smith.owner.id,
      studentName: "Emma Smith",
      sentAt: "2026-12-01T14:00:00Z",
    });
    await handIn(papers.id, ["contract"]);
    // A Test-role family and a cancelled request: never reminded.
    const tester = await createUser(t, { role: "Prueba", language: "es" });
    await draftFile(tester.id, "Niño Prueba", "2026-12-01T15:00:00Z");
    const cancelled = await familyWith(t, "es");
    const gone = await rejectedPhoto(cancelled.owner.id, "Lucía Vera", "2026-12-01T16:00:00Z");
    await t.ctx.db.updateTable("requests").set({ request_status: "Cancelled" }).where("id", "=", gone.id).execute();

    // The 2nd: nothing due yet. The 3rd: the papers (two days after their due day).
    expect(await remindFamilies(t.ctx, noon(2))).toEqual([]);
    expect(await remindFamilies(t.ctx, noon(3))).toEqual([smith.owner.id]);
    // The 4th, twice and by two processes at once: the Andrades once, the Smiths not again yet.
    const [first, second] = await Promise.all([remindFamilies(t.ctx, noon(4)), remindFamilies(t.ctx, noon(4))]);
    expect([...first, ...second]).toEqual([andrade.owner.id]);
    expect(await remindFamilies(t.ctx, new Date("2026-12-05T04:00:00Z"))).toEqual([]);
    expect(await remindersTo(andrade.owner.email)).toHaveLength(1);
    expect(await remindersTo(andrade.second!.email)).toHaveLength(1);
    expect(await remindersTo(tester.email)).toEqual([]);
    expect(await remindersTo(cancelled.owner.email)).toEqual([]);

    // The mail server was down: everything waits in the outbox, then goes out as it comes back.
    await t.ctx.outbox.deliverDue();
    expect((await remindersTo(smith.owner.email)).map((mail) => mail.status)).toEqual(["pending"]);
    const smtp = await startSmtp(port);
    servers.push(smtp);
    await deliveredAll(t);
    const english = await waitForMail(smtp.mails, smith.owner.email);
    expect(english.subject).toMatch(/: a reminder about your enrollment$/);
    expect(english.decoded).toContain(
      `The signed documents of Emma Smith (request ${papers.code}) were due on December 1, 2026 and have not been handed in yet: the image-use consent.`,
    );
    const spanish = await waitForMail(smtp.mails, andrade.owner.email);
    expect(spanish.subject).toMatch(/: un recordatorio sobre su inscripción$/);
    expect(spanish.decoded).toContain("La ficha de inscripción de Sofía Andrade para el año lectivo");
    expect(spanish.decoded).toContain(
      `La foto de Mateo Andrade (solicitud ${photo.code}) no fue aceptada el 1 de diciembre de 2026`,
    );
    expect((await waitForMail(smtp.mails, andrade.second!.email)).decoded).toContain(
      "Le dossier d’inscription de Sofía Andrade",
    );
    expect(smtp.mails).toHaveLength(3);

    // The causes go: the file is sent and the photo replaced; the Smiths hand nothing in.
    await t.ctx.db.updateTable("enrollment_files").set({ status: "sent" }).where("id", "=", draft).execute();
    await t.ctx.db.updateTable("requests").set({ photo_status: "pending" }).where("id", "=", photo.id).execute();
    expect(await remindFamilies(t.ctx, noon(11))).toEqual([smith.owner.id]);
    // Once the papers are in, the Smiths' reminders stop too.
    await handIn(papers.id, ["imageConsent"]);
    expect(await remindFamilies(t.ctx, noon(18))).toEqual([]);

    // The Admin's screen lists what went out, newest first.
    const page = (await call(t, { method: "GET", url: URL, cookie: admin.cookie })).json();
    expect(page.recent.map((row: { email: string; day: string }) => [row.email, row.day])).toEqual([
      [smith.owner.email, "2026-12-11"],
      [andrade.owner.email, "2026-12-04"],
      [smith.owner.email, "2026-12-03"],
    ]);
    expect(page.recent[1].causes).toEqual([
      { cause: "draftNotSent", code: null, student: "Sofía Andrade" },
      { cause: "photoRejected", code: photo.code, student: "Mateo Andrade" },
    ]);
    expect(page.recent[2].delivery).toBe("sent");
  });

  it("repeats at most the set number of times, and a sweep stopped between families resumes without sending twice", async () => {
    await saveRules({
      ...DEFAULT_REMINDER_RULES,
      draftNotSent: { enabled: true, afterDays: 1, repeatDays: 1, maxTimes: 2 },
    });
    const families = [await familyWith(t, "es"), await familyWith(t, "en"), await familyWith(t, "fr")];
    for (const [i, family] of families.entries()) {
      await draftFile(family.owner.id, `Alumno ${i}`, "2026-12-20T15:00:00Z");
    }
    const ids = families.map((family) => family.owner.id);
    // The server stops after the first family (SIGTERM between two families).
    const stop = new AbortController();
    const cut = await remindFamilies(t.ctx, noon(21), { signal: stop.signal, onFamilyDone: () => stop.abort() });
    expect(cut).toEqual([ids[0]]);
    expect(await remindFamilies(t.ctx, noon(21))).toEqual(ids.slice(1));
    expect(await remindFamilies(t.ctx, noon(21))).toEqual([]);
    for (const family of families) expect(await remindersTo(family.owner.email)).toHaveLength(1);
    expect(await remindFamilies(t.ctx, noon(22))).toEqual(ids);
    // Two reminders in all: the third day stays quiet though the file is still not sent.
    expect(await remindFamilies(t.ctx, noon(23))).toEqual([]);
    for (const family of families) expect(await remindersTo(family.owner.email)).toHaveLength(2);
    // Switched off: nothing, whatever is due.
    await saveRules(DEFAULT_REMINDER_RULES);
    const late = await familyWith(t, "es");
    await draftFile(late.owner.id, "Tardío", "2026-12-20T15:00:00Z");
    expect(await remindFamilies(t.ctx, noon(24))).toEqual([]);
  });
});
