import type { DocumentList, HandInState, RequestDocuments } from "@portal/shared/schemas/documents";
import { DEFAULT_REMINDER_RULES } from "@portal/shared/schemas/reminders";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { remindFamilies } from "../src/modules/reminders/reminder-sweep.ts";
import type { OwnDatabase } from "./support/own-database.ts";
import { type Doc, documentsYear } from "./support/school-documents.ts";
import { familySigns, linkSigns, type SigningFamily, sendLink, signingFamily, stateOf } from "./support/signing.ts";
import { startSmtp } from "./support/smtp.ts";
import { smtpOutboxApp } from "./support/smtp-outbox-app.ts";
import { call, currentSchoolYearId, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

/*
 * The hand-in checklist asks for the school's own documents too (docs/rules/documents.md "The
 * documents page"): a document the school added and its rules require is in the request's
 * checklist with its title, is recorded as received (audited), counts as overdue when neither
 * handed in nor signed online past the due time, and no longer once both representatives signed
 * it online; the family's reminder names it by its title. On a database of this spec's own: the
 * document is added to the current year, which every signing family's file is sent in.
 */

let t: TestApp;
let own: OwnDatabase;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: Awaited<ReturnType<typeof signedInAs>>;
let secretaria: Awaited<ReturnType<typeof signedInAs>>;
let rules: Doc;
let f: SigningFamily;

const TITLES = { es: "Reglamento interno", en: "Internal rules", fr: "Règlement intérieur" };
const HOUR = 3_600_000;

beforeAll(async () => {
  const app = await smtpOutboxApp("documents-checklist");
  t = app.t;
  own = app.own;
  smtp = await startSmtp(app.port);
  admin = await signedInAs(t, "Admin", { language: "en" });
  secretaria = await signedInAs(t, "Secretaria", { language: "en" });
  // The school adds its own document to the current year and publishes it (Settings › Documents).
  const helpers = await documentsYear(t, admin);
  const created = await call(t, {
    method: "POST",
    url: "/api/settings/documents",
    cookie: admin.cookie,
    payload: { schoolYearId: await currentSchoolYearId(t), titles: TITLES },
  });
  expect(created.statusCode, created.body).toBe(200);
  const bodies = { es: "Normas para {{studentName}}.", en: "Rules for {{studentName}}.", fr: "Règles." };
  const draft = await helpers.saveDraft(created.json() as Doc, bodies, TITLES);
  expect(draft.statusCode, draft.body).toBe(200);
  const published = await helpers.publish(draft.json() as Doc);
  expect(published.statusCode, published.body).toBe(200);
  rules = published.json() as Doc;
  expect(rules.key).toMatch(/^custom-\d+$/);
  // A sent file whose signed papers were due three hours ago (the year's 2 hours after sending).
  f = await signingFamily(t);
  await t.ctx.db
    .updateTable("enrollment_files")
    .set({ sent_at: new Date(Date.now() - 5 * HOUR).toISOString() })
    .where("id", "=", f.fileId)
    .execute();
});
afterAll(async () => {
  await smtp?.close();
  await t?.close();
  await own?.drop();
});

async function detail(): Promise<RequestDocuments> {
  const response = await call(t, { method: "GET", url: `/api/documents/${f.requestId}`, cookie: secretaria.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function row(handIn?: string) {
  const query = handIn ? `?handIn=${handIn}&pageSize=100` : "?pageSize=100";
  const response = await call(t, { method: "GET", url: `/api/documents${query}`, cookie: secretaria.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as DocumentList).items.find((item) => item.id === f.requestId);
}

function save(item: string, body: object) {
  return call(t, {
    method: "PUT",
    url: `/api/documents/${f.requestId}/hand-in/${item}`,
    cookie: secretaria.cookie,
    payload: body,
  });
}

const received = { received: true, receivedOn: "2026-12-01" };

describe("a document the school added, in the hand-in checklist", () => {
  it("is asked of the request with its title, and alone keeps the request overdue", async () => {
    const handIn = (await detail()).handIn;
    expect(handIn.find((state) => state.item === rules.key)).toMatchObject({
      title: "Internal rules",
      received: false,
      signedOnline: false,
      version: 0,
    });
    expect(handIn.find((state) => state.item === "contract")?.title).toBe("Educational services contract");
    // Every built-in paper handed in: the school's own document is what is still missing.
    for (const state of handIn.filter((one) => one.item !== rules.key)) {
      const saved = await save(state.item, { ...received, version: 0 });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const overdue = await row("overdue");
    expect(overdue?.overdue).toBe(true);
    expect(overdue?.checklist.at(-1)).toEqual({
      item: rules.key,
      title: "Internal rules",
      received: false,
      signedOnline: false,
    });
    expect(await row("complete")).toBeUndefined();
  });

  it("is named by its title in the family's reminder", async () => {
    const { version } = (await call(t, { method: "GET", url: "/api/settings/reminders", cookie: admin.cookie })).json();
    const saved = await call(t, {
      method: "PUT",
      url: "/api/settings/reminders",
      cookie: admin.cookie,
      payload: {
        ...DEFAULT_REMINDER_RULES,
        documentsOverdue: { enabled: true, afterDays: 1, repeatDays: 7, maxTimes: 3 },
        version,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await remindFamilies(t.ctx, new Date(Date.now() + 2 * 24 * HOUR))).toContain(f.family.id);
    const mail = await t.ctx.db
      .selectFrom("mail_outbox")
      .select("body_text")
      .where("kind", "=", "familyReminder")
      .where("to_address", "=", f.family.email)
      .executeTakeFirstOrThrow();
    // The family reads Spanish: the school's Spanish title, and nothing else is missing.
    expect(mail.body_text).toContain(`(solicitud ${f.code})`);
    expect(mail.body_text).toContain("y aún no se han entregado: Reglamento interno.");
  });

  it("is recorded as received (audited), which ends overdue; unticked, it is overdue again", async () => {
    const first = await save(rules.key, { ...received, version: 0 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json() as HandInState).toMatchObject({
      item: rules.key,
      title: "Internal rules",
      received: true,
      receivedOn: "2026-12-01",
      version: 1,
    });
    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .select(["details", "actor_user_id"])
      .where("event", "=", "documents.handInRecorded")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details ?? "{}")).toMatchObject({
      requestId: f.requestId,
      item: rules.key,
      received: true,
    });
    expect(audit.actor_user_id).toBe(secretaria.id);
    expect(await row("overdue")).toBeUndefined();
    expect((await row("complete"))?.overdue).toBe(false);

    const undone = await save(rules.key, { received: false, version: 1 });
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await row("overdue"))?.overdue).toBe(true);
  });

  it("signed online by both representatives, is done: not overdue, shown as signed online", async () => {
    const document = (await stateOf(t, f)).documents.find((one) => one.key === rules.key);
    expect(document, "the school's document is signed online").toBeDefined();
    const mine = await familySigns(t, smtp.mails, f, document!.documentId);
    expect(mine.statusCode, mine.body).toBe(200);
    // One signature of two: still missing.
    expect((await row("overdue"))?.overdue).toBe(true);
    const { token } = await sendLink(t, smtp.mails, f, document!.documentId);
    const second = await linkSigns(t, smtp.mails, f, token);
    expect(second.statusCode, second.body).toBe(200);

    expect(await row("overdue")).toBeUndefined();
    const listed = await row("complete");
    expect(listed?.overdue).toBe(false);
    expect(listed?.checklist.at(-1)).toEqual({
      item: rules.key,
      title: "Internal rules",
      received: false,
      signedOnline: true,
    });
    expect((await detail()).handIn.find((state) => state.item === rules.key)).toMatchObject({
      received: false,
      signedOnline: true,
    });
  });

  it("refuses a key the request does not need, an unknown one and a malformed one", async () => {
    for (const item of ["termsOfUse", "custom-999", "passport"]) {
      const response = await save(item, { ...received, version: 0 });
      expect(response.statusCode, item).toBe(400);
      expect(errorOf(response).code).toBe("HAND_IN_NOT_REQUIRED");
    }
    const malformed = await save(encodeURIComponent("custom 1;drop"), { ...received, version: 0 });
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).code).toBe("VALIDATION_ERROR");
  });
});
