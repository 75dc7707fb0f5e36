import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queuePlanned, sendMessage } from "../src/modules/messages/messages.service.ts";
import { campaignBody, campaignFamily, campaignYear, createCampaign, enrolledChild } from "./support/campaigns.ts";
import type { OwnDatabase } from "./support/own-database.ts";
import { sentFile } from "./support/sent-files.ts";
import { startSmtp, waitForMail } from "./support/smtp.ts";
import { deliveredAll, smtpOutboxApp } from "./support/smtp-outbox-app.ts";
import { call, createUser, errorOf, loginAs, signedInAs, type TestApp } from "./support/test-app.ts";

/*
 * Messages from the school to families (docs/rules/messages.md), on a database of this spec's
 * own so the families of a level are only its own. The mail server is a real one on loopback,
 * down at first: every e-mail waits in the outbox, then arrives in its reader's language.
 */

let t: TestApp;
let own: OwnDatabase;
let port: number;
let secretary: Awaited<ReturnType<typeof signedInAs>>;
type Family = { owner: { id: number; email: string; cookie: string }; second?: { id: number; email: string } };
let spanish: Family; // level CP: a Spanish owner and a French second parent
let english: Family; // level CP
let otherLevel: Family; // level GS
let testRole: Family; // level CP, the Test role's account

async function familyAt(level: string, language: string, role: "User" | "Prueba" = "User"): Promise<Family> {
  const { family, fileId } = await sentFile(t, { language, role });
  await t.ctx.db.updateTable("requests").set({ level_code: level }).where("file_id", "=", fileId).execute();
  return { owner: family };
}

beforeAll(async () => {
  ({ t, own, port } = await smtpOutboxApp("messages"));
  secretary = await signedInAs(t, "Secretaria", { language: "en" });
  spanish = await familyAt("CP", "es");
  const second = await createUser(t, { role: "User", language: "fr" });
  await t.ctx.db
    .updateTable("users")
    .set({ household_owner_id: spanish.owner.id })
    .where("id", "=", second.id)
    .execute();
  spanish.second = second;
  english = await familyAt("CP", "en");
  otherLevel = await familyAt("GS", "es");
  testRole = await familyAt("CP", "es", "Prueba");
  // The enrollment e-mails of the set-up are not this spec's: only the messages' reach the server.
  await t.ctx.db.deleteFrom("mail_outbox").execute();
}, 120_000);
afterAll(async () => {
  await t.close();
  await own.drop();
});

const toLevel = (level: string, extra: Record<string, unknown> = {}) => ({
  source: "requests",
  filters: { level, ...extra },
});
const texts = {
  mode: "perLanguage",
  texts: {
    es: {
      subject: "Reunión de padres",
      body: "Estimadas familias:\n\nLes esperamos el lunes. <script>alert(1)</script>",
    },
    en: { subject: "Parents' meeting", body: "Dear families,\n\nWe expect you on Monday." },
    fr: { subject: "Réunion des parents", body: "Chères familles,\n\nNous vous attendons lundi." },
  },
};

const post = (url: string, payload: Record<string, unknown>, cookie = secretary.cookie) =>
  call(t, { method: "POST", url, cookie, payload });
const get = (url: string, cookie = secretary.cookie) => call(t, { method: "GET", url, cookie });

describe("the audience", () => {
  it("counts the families and addresses of a request list's filter and of a report's, in their languages", async () => {
    const counted = await post("/api/messages/audience", { audience: toLevel("CP"), includeTestAccounts: false });
    expect(counted.statusCode).toBe(200);
    expect(counted.json()).toEqual({ families: 2, addresses: 3, byLanguage: { es: 1, en: 1, fr: 1 } });
    const report = await post("/api/messages/audience", {
      audience: { source: "report", report: "students", filters: { level: "GS" } },
      includeTestAccounts: false,
    });
    expect(report.json()).toEqual({ families: 1, addresses: 1, byLanguage: { es: 1, en: 0, fr: 0 } });
    // The Test role's requests are in the list only with testData; its accounts only when ticked.
    const withTestData = { audience: toLevel("CP", { testData: "include" }) };
    expect(
      (await post("/api/messages/audience", { ...withTestData, includeTestAccounts: false })).json(),
    ).toMatchObject({
      families: 2,
    });
    expect((await post("/api/messages/audience", { ...withTestData, includeTestAccounts: true })).json()).toMatchObject(
      {
        families: 3,
        addresses: 4,
      },
    );
  });

  it("counts the families behind a campaign's figure, of one level, and answers 404 for an unknown campaign", async () => {
    const yearId = await campaignYear(t);
    const cm1 = await campaignFamily(t, "fr");
    const gs = await campaignFamily(t, "es");
    await enrolledChild(t, { familyId: cm1.id, schoolYearId: yearId, name: "Inés Campaña", level: "CM1" });
    await enrolledChild(t, { familyId: gs.id, schoolYearId: yearId, name: "Pablo Campaña", level: "GS" });
    const campaign = await createCampaign(t, secretary.cookie, campaignBody(yearId));
    // The campaign's opening e-mails are not this spec's: only the messages' reach the server.
    await t.ctx.db.deleteFrom("mail_outbox").execute();
    const figure = (extra: Record<string, unknown>) => ({
      audience: { source: "campaign", filters: { campaignId: campaign.id, figure: "notAnswered", ...extra } },
      includeTestAccounts: false,
    });
    expect((await post("/api/messages/audience", figure({}))).json()).toMatchObject({ families: 2, addresses: 2 });
    expect((await post("/api/messages/audience", figure({ level: "CM1" }))).json()).toEqual({
      families: 1,
      addresses: 1,
      byLanguage: { es: 0, en: 0, fr: 1 },
    });
    expect((await post("/api/messages/audience", figure({ figure: "answered" }))).json()).toMatchObject({
      families: 0,
    });
    const unknown = await post("/api/messages/audience", figure({ campaignId: 2_147_483_000 }));
    expect(unknown.statusCode).toBe(404);
  });

  it("refuses an unknown source, a bad filter and an unknown field with a translated 400", async () => {
    for (const audience of [
      { source: "nobody", filters: {} },
      { source: "campaign", filters: {} },
      { source: "campaign", filters: { campaignId: 1, figure: "everyone" } },
      toLevel("XX"),
      { source: "requests", filters: { level: "CP", sort: "code" } },
      { source: "report", report: "nobody", filters: {} },
    ]) {
      const response = await post("/api/messages/audience", { audience, includeTestAccounts: false });
      expect(response.statusCode, JSON.stringify(audience)).toBe(400);
      expect(errorOf(response).code).toBe("VALIDATION_ERROR");
    }
  });
});

describe("sending", () => {
  it("refuses an empty or missing text in a language the audience reads, and an audience with no address", async () => {
    const before = await t.ctx.db.selectFrom("messages").select("id").execute();
    const noFrench = await post("/api/messages", {
      audience: toLevel("CP"),
      includeTestAccounts: false,
      texts: { mode: "perLanguage", texts: { es: texts.texts.es, en: texts.texts.en } },
    });
    expect(noFrench.statusCode).toBe(400);
    expect(errorOf(noFrench)).toMatchObject({ code: "MESSAGE_TEXT_MISSING" });
    expect(errorOf(noFrench).message).toContain("Français");
    const emptyBody = await post("/api/messages", {
      audience: toLevel("CP"),
      includeTestAccounts: false,
      texts: { mode: "perLanguage", texts: { ...texts.texts, fr: { subject: "Réunion", body: "  \n " } } },
    });
    expect(emptyBody.statusCode).toBe(400);
    expect(errorOf(emptyBody).code).toBe("VALIDATION_ERROR");
    expect(Object.keys(errorOf(emptyBody).fields ?? {}).join()).toContain("fr");
    // Only Spanish readers in GS: a Spanish text alone is enough there.
    const nobody = await post("/api/messages", {
      audience: toLevel("CP", { q: "no such family anywhere" }),
      includeTestAccounts: false,
      texts,
    });
    expect(errorOf(nobody).code).toBe("MESSAGE_NO_RECIPIENTS");
    expect(await t.ctx.db.selectFrom("messages").select("id").execute()).toEqual(before);
  });

  it("queues one e-mail per address in its language; they wait while SMTP is down, then arrive; each family reads its own", async () => {
    const sent = await post("/api/messages", { audience: toLevel("CP"), includeTestAccounts: false, texts });
    expect(sent.statusCode).toBe(201);
    const message = sent.json();
    expect(message).toMatchObject({ state: "queued", families: 2, addresses: 3, source: "requests" });
    await t.ctx.outbox.deliverDue();
    const waiting = (await get(`/api/messages/${message.id}`)).json();
    expect(waiting.recipients.map((r: { status: string }) => r.status)).toEqual(["pending", "pending", "pending"]);
    expect(waiting.delivery).toMatchObject({ pending: 3, sent: 0 });
    // Every outbox row is linked to the message and the family.
    const links = await t.ctx.db
      .selectFrom("message_recipients as r")
      .innerJoin("mail_outbox as o", "o.id", "r.outbox_id")
      .select(["r.family_user_id", "o.to_address", "o.kind"])
      .where("r.message_id", "=", message.id)
      .execute();
    expect(links).toHaveLength(3);
    expect(links.every((link) => link.kind === "familyMessage")).toBe(true);

    const smtp = await startSmtp(port);
    try {
      await deliveredAll(t);
      const es = await waitForMail(smtp.mails, spanish.owner.email);
      expect(es.subject).toBe("Reunión de padres");
      expect(es.decoded).toContain("Les esperamos el lunes.");
      // The secretary's words are text: the HTML part escapes them.
      const html = es.decoded.slice(es.decoded.indexOf("text/html"));
      expect(html).not.toContain("<script>");
      expect(html).toContain("<p>Les esperamos el lunes. &#60;script&#62;alert(1)&#60;/script&#62;</p>");
      expect((await waitForMail(smtp.mails, spanish.second!.email)).subject).toBe("Réunion des parents");
      expect((await waitForMail(smtp.mails, english.owner.email)).subject).toBe("Parents' meeting");
      expect(smtp.mails.filter((mail) => mail.to.includes(otherLevel.owner.email))).toHaveLength(0);
      expect(smtp.mails.filter((mail) => mail.to.includes(testRole.owner.email))).toHaveLength(0);
      expect(smtp.mails).toHaveLength(3);
    } finally {
      await smtp.close();
    }
    const delivered = (await get(`/api/messages/${message.id}`)).json();
    expect(delivered.delivery).toMatchObject({ pending: 0, sent: 3 });
    const list = (await get("/api/messages")).json();
    expect(list.items[0]).toMatchObject({ id: message.id, subject: "Parents' meeting", delivery: { sent: 3 } });

    // Each family sees its messages, newest first, in the reader's language; no other family's.
    const mine = (await get("/api/account/messages", spanish.owner.cookie)).json();
    expect(mine.items).toEqual([expect.objectContaining({ id: message.id, subject: "Reunión de padres" })]);
    const secondCookie = await loginAs(t, spanish.second!.email);
    expect((await get("/api/account/messages", secondCookie)).json().items[0].subject).toBe("Réunion des parents");
    expect((await get("/api/account/messages", english.owner.cookie)).json().items[0].body).toContain("Dear families");
    expect((await get("/api/account/messages", otherLevel.owner.cookie)).json().items).toEqual([]);

    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .select(["details", "actor_user_id"])
      .where("event", "=", "message.sent")
      .execute();
    expect(audit.map((row) => ({ ...JSON.parse(row.details ?? "{}"), by: row.actor_user_id }))).toContainEqual({
      messageId: message.id,
      audience: { source: "requests", filters: { level: "CP", testData: "exclude" } },
      includeTestAccounts: false,
      families: 2,
      addresses: 3,
      by: secretary.id,
    });
  });

  it("lets only the Admin and the Secretaria send and read sent messages, and only families read theirs", async () => {
    const body = { audience: toLevel("GS"), includeTestAccounts: false, texts };
    for (const role of ["Consulta", "Editor", "User", "Prueba"] as const) {
      const { cookie } = await signedInAs(t, role);
      expect((await post("/api/messages", body, cookie)).statusCode, role).toBe(403);
      expect((await post("/api/messages/audience", body, cookie)).statusCode, role).toBe(403);
      expect((await get("/api/messages", cookie)).statusCode, role).toBe(403);
    }
    for (const role of ["Admin", "Secretaria", "Consulta", "Editor"] as const) {
      const { cookie } = await signedInAs(t, role);
      expect((await get("/api/account/messages", cookie)).statusCode, role).toBe(403);
    }
    expect((await call(t, { method: "GET", url: "/api/account/messages" })).statusCode).toBe(401);
    expect((await get("/api/messages/2147483000")).statusCode).toBe(404);
    expect(errorOf(await get("/api/messages/abc")).code).toBe("VALIDATION_ERROR");
  });
});

describe("a send stopped half-way", () => {
  async function failMailsTo(email: string | null) {
    if (t.ctx.engine === "sqlite") {
      await sql`drop trigger if exists message_fault`.execute(t.ctx.db);
      if (email) {
        await sql`create trigger message_fault before insert on mail_outbox when new.to_address = ${sql.lit(email)}
          begin select raise(abort, 'planned fault'); end`.execute(t.ctx.db);
      }
      return;
    }
    await sql`drop trigger if exists message_fault on mail_outbox`.execute(t.ctx.db);
    if (email) {
      await sql
        .raw(`create or replace function message_fault() returns trigger language plpgsql as $$
        begin if new.to_address = '${email}' then raise exception 'planned fault'; end if; return new; end $$`)
        .execute(t.ctx.db);
      await sql`create trigger message_fault before insert on mail_outbox for each row execute function message_fault()`.execute(
        t.ctx.db,
      );
    }
  }

  it("keeps the chunks queued before the fault, and a resume queues the rest without a second e-mail to anyone", async () => {
    await failMailsTo(english.owner.email);
    const input = {
      audience: { source: "requests" as const, filters: { level: "CP" as const, testData: "exclude" as const } },
      includeTestAccounts: false,
      texts: { mode: "same" as const, text: { subject: "Excursión", body: "Mañana hay excursión." } },
    };
    const year = (await t.ctx.db
      .selectFrom("school_years")
      .select("id")
      .where("is_current", "=", 1)
      .executeTakeFirst())!;
    // One chunk holds all three addresses: it is rolled back whole, nothing of it queued.
    await expect(sendMessage(t.ctx, { userId: secretary.id, ip: "127.0.0.1" }, year.id, "en", input)).rejects.toThrow();
    const message = (await t.ctx.db
      .selectFrom("messages")
      .select(["id", "state"])
      .orderBy("id", "desc")
      .executeTakeFirst())!;
    expect(message.state).toBe("queuing");
    const stopped = (await get(`/api/messages/${message.id}`)).json();
    expect(stopped).toMatchObject({ state: "queuing", delivery: { pending: 3 } });
    // Chunks of one: the Spanish family's two addresses commit, the English one fails.
    await expect(queuePlanned(t.ctx, message.id, 1)).rejects.toThrow();
    const outboxOf = () =>
      t.ctx.db
        .selectFrom("message_recipients as r")
        .innerJoin("mail_outbox as o", "o.id", "r.outbox_id")
        .select("o.to_address")
        .where("r.message_id", "=", message.id)
        .execute();
    expect((await outboxOf()).map((row) => row.to_address).sort()).toEqual(
      [spanish.owner.email, spanish.second!.email].sort(),
    );

    await failMailsTo(null);
    const resumed = await call(t, {
      method: "POST",
      url: `/api/messages/${message.id}/resume`,
      cookie: secretary.cookie,
    });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({ state: "queued", addresses: 3, delivery: { pending: 3 } });
    expect(resumed.json().recipients).toBeUndefined();
    const queued = (await outboxOf()).map((row) => row.to_address).sort();
    expect(queued).toEqual([spanish.owner.email, spanish.second!.email, english.owner.email].sort());
    const again = await call(t, {
      method: "POST",
      url: `/api/messages/${message.id}/resume`,
      cookie: secretary.cookie,
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe("MESSAGE_ALREADY_QUEUED");
    const unknown = await call(t, { method: "POST", url: "/api/messages/2147483000/resume", cookie: secretary.cookie });
    expect(unknown.statusCode).toBe(404);
    const consulta = await signedInAs(t, "Consulta");
    const refused = await call(t, {
      method: "POST",
      url: `/api/messages/${message.id}/resume`,
      cookie: consulta.cookie,
    });
    expect(refused.statusCode).toBe(403);
  });
});
