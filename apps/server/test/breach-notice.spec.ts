import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { remindBreachClocks } from "../src/modules/breaches/breach-reminders.ts";
import { familyWith, recordBreach } from "./support/breaches.ts";
import type { OwnDatabase } from "./support/own-database.ts";
import { startSmtp, waitForMail } from "./support/smtp.ts";
import { deliveredAll, smtpOutboxApp } from "./support/smtp-outbox-app.ts";
import { call, createUser, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

/*
 * The families' notice of a breach and the Admins' reminders (docs/rules/data-protection.md
 * "Breach register"), on a database of this spec's own, so the open breaches and the Admins are
 * only its own. The mail server is a real one on loopback, down at first: nothing is lost.
 */

let t: TestApp;
let own: OwnDatabase;
let port: number;
let admin: Awaited<ReturnType<typeof signedInAs>>;
const servers: { close: () => Promise<void> }[] = [];

beforeAll(async () => {
  ({ t, own, port } = await smtpOutboxApp("breach-notice"));
  admin = await signedInAs(t, "Admin", { language: "en" });
});
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});
afterAll(async () => {
  await t.close();
  await own.drop();
});

const texts = {
  es: { subject: "Aviso de brecha", body: "Estimada familia:\n\nSe perdió una memoria USB." },
  en: { subject: "Breach notice", body: "Dear family,\n\nA USB stick was lost." },
  fr: { subject: "Avis de violation", body: "Chère famille,\n\nUne clé USB a été perdue." },
};

describe("the families' notice", () => {
  it("drafts per language, sends each account its language once saved and confirmed, and loses nothing while SMTP is down", async () => {
    const spanish = await familyWith(t, "es", "fr");
    const english = await familyWith(t, "en");
    const bystander = await familyWith(t, "es");
    const { id } = await recordBreach(t, admin.cookie, {
      familyScope: "selected",
      familyIds: [spanish.owner.id, english.owner.id],
    });
    const draft = (await call(t, { method: "GET", url: `/api/breaches/${id}/notice`, cookie: admin.cookie })).json();
    expect(draft).toMatchObject({ saved: false, families: 2, recipients: 3, sentAt: null, report: [] });
    // Drafted in each language around the Admin's own words, which are not translated.
    expect(draft.texts.fr.body).toMatch(/^Chère famille,[\s\S]*A staff USB stick/);
    expect(draft.texts.es.body).toMatch(/^Estimada familia:[\s\S]*A staff USB stick/);
    expect(draft.texts.en.subject).toContain("security incident");
    expect(draft.texts.en.body).toContain("Data affected: Identity (names, ID numbers, birth dates), Children's data");

    const unsaved = await call(t, {
      method: "POST",
      url: `/api/breaches/${id}/notice/send`,
      cookie: admin.cookie,
      payload: { version: draft.version },
    });
    expect(errorOf(unsaved).code).toBe("BREACH_NOTICE_NOT_SAVED");
    const saved = await call(t, {
      method: "PUT",
      url: `/api/breaches/${id}/notice`,
      cookie: admin.cookie,
      payload: { version: draft.version, texts },
    });
    expect(saved.statusCode).toBe(200);
    const sent = await call(t, {
      method: "POST",
      url: `/api/breaches/${id}/notice/send`,
      cookie: admin.cookie,
      payload: { version: saved.json().version },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().sentAt).not.toBeNull();

    // The mail server is down: every e-mail waits in the outbox, the report says so.
    await t.ctx.outbox.deliverDue();
    const waiting = (await call(t, { method: "GET", url: `/api/breaches/${id}/notice`, cookie: admin.cookie })).json();
    expect(waiting.report.map((row: { status: string }) => row.status)).toEqual(["pending", "pending"]);

    const smtp = await startSmtp(port);
    servers.push(smtp);
    await deliveredAll(t);
    expect((await waitForMail(smtp.mails, spanish.owner.email)).subject).toBe("Aviso de brecha");
    expect((await waitForMail(smtp.mails, spanish.second!.email)).subject).toBe("Avis de violation");
    const englishMail = await waitForMail(smtp.mails, english.owner.email);
    expect(englishMail.subject).toBe("Breach notice");
    expect(englishMail.decoded).toContain("A USB stick was lost.");
    expect(smtp.mails.filter((mail) => mail.to.includes(bystander.owner.email))).toHaveLength(0);
    expect(smtp.mails).toHaveLength(3);

    const report = (await call(t, { method: "GET", url: `/api/breaches/${id}/notice`, cookie: admin.cookie })).json();
    expect(report.report).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ familyId: spanish.owner.id, status: "sent", recipients: 2 }),
        expect.objectContaining({ familyId: english.owner.id, status: "sent", recipients: 1 }),
      ]),
    );
    // The retention purge deletes old e-mails: the register keeps the notice, its e-mails marked gone.
    const outboxIds = await t.ctx.db
      .selectFrom("breach_notices")
      .select("outbox_id")
      .where("breach_id", "=", id)
      .where("family_user_id", "=", english.owner.id)
      .execute();
    await t.ctx.db
      .deleteFrom("mail_outbox")
      .where(
        "id",
        "in",
        outboxIds.map((row) => row.outbox_id ?? 0),
      )
      .execute();
    const purged = (await call(t, { method: "GET", url: `/api/breaches/${id}/notice`, cookie: admin.cookie })).json();
    expect(purged.report).toContainEqual(expect.objectContaining({ familyId: english.owner.id, status: "removed" }));
    const detail = (await call(t, { method: "GET", url: `/api/breaches/${id}`, cookie: admin.cookie })).json();
    expect(detail.families.doneOn).not.toBeNull();
    const again = await call(t, {
      method: "POST",
      url: `/api/breaches/${id}/notice/send`,
      cookie: admin.cookie,
      payload: { version: detail.version },
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe("BREACH_ALREADY_NOTIFIED");
    // An erased family's account goes with its place in the register's lists (no refused delete).
    await t.ctx.db.deleteFrom("users").where("id", "=", english.owner.id).execute();
    const left = await t.ctx.db
      .selectFrom("breach_notices")
      .select("family_user_id")
      .where("breach_id", "=", id)
      .execute();
    expect(left.map((row) => row.family_user_id)).not.toContain(english.owner.id);
    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .select("details")
      .where("event", "=", "breach.familiesNotified")
      .execute();
    expect(audit.map((row) => JSON.parse(row.details ?? "{}"))).toContainEqual({
      breachId: id,
      families: 2,
      emails: 3,
    });
  });
});

describe("the Admins' reminders", () => {
  it("e-mails every active Admin once a school day while a clock is due within a working day or late", async () => {
    const other = await createUser(t, { role: "Admin", language: "fr" });
    const secretary = await createUser(t, { role: "Secretaria" });
    // Discovered Monday 7 December: families due Thursday 10, the Authority Monday 14.
    const { id } = await recordBreach(t, admin.cookie, { title: "Stolen laptop" });
    const remindersTo = (email: string) =>
      t.ctx.db
        .selectFrom("mail_outbox")
        .select(["subject", "body_text"])
        .where("kind", "=", "breachReminder")
        .where("to_address", "=", email)
        .where("subject", "like", "%Stolen laptop%")
        .orderBy("id")
        .execute();

    // Monday 7th, 12:00 in Guayaquil: three working days left, nothing to remind.
    expect(await remindBreachClocks(t.ctx, new Date("2026-12-07T17:00:00Z"))).not.toContain(id);
    // Wednesday 9th: the families' notice is due tomorrow.
    expect(await remindBreachClocks(t.ctx, new Date("2026-12-09T14:00:00Z"))).toContain(id);
    expect(await remindBreachClocks(t.ctx, new Date("2026-12-09T22:00:00Z"))).not.toContain(id);
    const first = await remindersTo(admin.email);
    expect(first).toHaveLength(1);
    expect(first[0]?.subject).toBe("Data breach register: a legal deadline is near (Stolen laptop)");
    expect(first[0]?.body_text).toContain(
      "Notify the affected families (LOPDP art. 46): due December 10, 2026, 1 working day left",
    );
    expect(first[0]?.body_text).not.toContain("Authority");
    expect((await remindersTo(other.email))[0]?.subject).toContain("Registre des violations");
    expect(await remindersTo(secretary.email)).toHaveLength(0);

    // Friday 11th: the families' notice is late, the Authority's due on Monday.
    expect(await remindBreachClocks(t.ctx, new Date("2026-12-11T14:00:00Z"))).toContain(id);
    const second = await remindersTo(admin.email);
    expect(second).toHaveLength(2);
    expect(second[1]?.body_text).toContain("overdue by 1 working day");
    expect(second[1]?.body_text).toContain(
      "Notify the Authority (LOPDP art. 43): due December 14, 2026, 1 working day left",
    );
    // Midnight in Guayaquil is 05:00 UTC: 04:00 UTC on the 12th is still the 11th at school.
    expect(await remindBreachClocks(t.ctx, new Date("2026-12-12T04:00:00Z"))).not.toContain(id);
    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .select("id")
      .where("event", "=", "breach.reminderSent")
      .where("details", "like", `%"breachId":${id},%`)
      .execute();
    expect(audit).toHaveLength(2);
  });
});
