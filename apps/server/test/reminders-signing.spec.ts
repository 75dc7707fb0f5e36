import { DEFAULT_REMINDER_RULES, type ReminderRules } from "@portal/shared/schemas/reminders";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { remindFamilies } from "../src/modules/reminders/reminder-sweep.ts";
import type { OwnDatabase } from "./support/own-database.ts";
import { bothSign, type SigningFamily, signingFamily, stateOf } from "./support/signing.ts";
import { startSmtp, waitForMail } from "./support/smtp.ts";
import { deliveredAll, smtpOutboxApp } from "./support/smtp-outbox-app.ts";
import { call, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

/*
 * The reminder "documents to sign online" (docs/rules/reminders.md "The causes"): a sent request's
 * document still pending, counted from its signing row's creation, listed with its titles and the
 * family's signing screen; never before `afterDays`, nor switched off, nor once every representative
 * signed, nor for a cancelled request. A real SMTP server on loopback; a database of this spec's own.
 */

let t: TestApp;
let own: OwnDatabase;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  const app = await smtpOutboxApp("reminders-signing");
  ({ t, own } = app);
  smtp = await startSmtp(app.port);
  admin = await signedInAs(t, "Admin", { language: "en" });
});
afterAll(async () => {
  await smtp?.close();
  await t?.close();
  await own?.drop();
});

const URL = "/api/settings/reminders";

async function saveRules(rules: ReminderRules) {
  const { version } = (await call(t, { method: "GET", url: URL, cookie: admin.cookie })).json();
  const saved = await call(t, { method: "PUT", url: URL, cookie: admin.cookie, payload: { ...rules, version } });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json();
}

/** Noon at the school (UTC−5) on a December day of 2026. */
const noon = (day: number) => new Date(`2026-12-${String(day).padStart(2, "0")}T17:00:00Z`);

/** The request's pending documents: id, the document's id, and the title in `language`. */
async function pendingDocuments(f: SigningFamily, language: "es" | "en" | "fr") {
  const rows = await t.ctx.db
    .selectFrom("signing_documents as d")
    .innerJoin("school_document_versions as v", "v.id", "d.version_id")
    .select(["d.id", "d.document_id", "v.title_es", "v.title_en", "v.title_fr"])
    .where("d.request_id", "=", f.requestId)
    .where("d.status", "=", "pending")
    .orderBy("d.id")
    .execute();
  return rows.map((row) => ({ id: row.id, documentId: row.document_id, title: row[`title_${language}`] }));
}

const remindersTo = (email: string) =>
  t.ctx.db
    .selectFrom("mail_outbox")
    .select(["subject", "body_text"])
    .where("kind", "=", "familyReminder")
    .where("to_address", "=", email)
    .orderBy("id")
    .execute();

describe("Settings › Reminders: documents to sign online", () => {
  it("is off by default, saved and validated like the others; a row saved before it reads its default", async () => {
    const page = (await call(t, { method: "GET", url: URL, cookie: admin.cookie })).json();
    expect(page.rules.signaturesPending).toEqual({ enabled: false, afterDays: 3, repeatDays: 7, maxTimes: 3 });
    const bad = await call(t, {
      method: "PUT",
      url: URL,
      cookie: admin.cookie,
      payload: {
        ...DEFAULT_REMINDER_RULES,
        signaturesPending: { enabled: true, afterDays: 0, repeatDays: 7, maxTimes: 3 },
        version: page.version,
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields?.["signaturesPending.afterDays"]).toBe("Enter a whole number of days from 1 to 60");
    const { signaturesPending: _, ...withoutIt } = DEFAULT_REMINDER_RULES;
    const missing = await call(t, {
      method: "PUT",
      url: URL,
      cookie: admin.cookie,
      payload: { ...withoutIt, version: page.version },
    });
    expect(missing.statusCode).toBe(400);

    const rules = {
      ...DEFAULT_REMINDER_RULES,
      signaturesPending: { enabled: true, afterDays: 4, repeatDays: 2, maxTimes: 5 },
    };
    expect((await saveRules(rules)).rules).toEqual(rules);
    // A row saved by the portal before this cause existed: the cause reads its default (off).
    await t.ctx.db
      .updateTable("settings")
      .set({ value: JSON.stringify(withoutIt) })
      .where("key", "=", "reminders")
      .execute();
    const old = (await call(t, { method: "GET", url: URL, cookie: admin.cookie })).json();
    expect(old.rules).toEqual(DEFAULT_REMINDER_RULES);
  });
});

describe("the reminder sweep: documents to sign online", () => {
  it("reminds on the right day with the titles and the signing screen; never switched off, early, once all signed, or for a cancelled request", async () => {
    const smith = await signingFamily(t, { language: "en" });
    const vera = await signingFamily(t, { language: "es" });
    const gone = await signingFamily(t, { language: "fr" });
    // The family's file shows its documents to sign: their rows are made then.
    for (const f of [smith, vera, gone]) await stateOf(t, f);
    await t.ctx.db
      .updateTable("signing_documents")
      .set({ created_at: "2026-12-01T15:00:00Z" })
      .where("request_id", "in", [smith.requestId, vera.requestId, gone.requestId])
      .execute();
    // Cancelled: its rows still read pending until its signing state is next read; no reminder.
    await t.ctx.db
      .updateTable("requests")
      .set({ request_status: "Cancelled" })
      .where("id", "=", gone.requestId)
      .execute();

    // Switched off (the default): nothing, however long the documents wait.
    expect(await remindFamilies(t.ctx, noon(20))).toEqual([]);
    await saveRules({
      ...DEFAULT_REMINDER_RULES,
      signaturesPending: { enabled: true, afterDays: 3, repeatDays: 7, maxTimes: 2 },
    });

    // The Veras sign the contract, both of them: it is no longer listed.
    const veraDocs = await pendingDocuments(vera, "es");
    expect(veraDocs.length).toBeGreaterThan(1);
    await bothSign(t, smtp.mails, vera, veraDocs[0]!.documentId);

    // Before afterDays: nothing; on the 4th (three days after the 1st): both families, once.
    expect(await remindFamilies(t.ctx, noon(3))).toEqual([]);
    expect(await remindFamilies(t.ctx, noon(4))).toEqual([smith.family.id, vera.family.id]);
    expect(await remindFamilies(t.ctx, noon(4))).toEqual([]);
    await deliveredAll(t);

    const smithDocs = await pendingDocuments(smith, "en");
    const rep2 = await t.ctx.db
      .selectFrom("signing_signers")
      .select("name")
      .where("signing_document_id", "=", smithDocs[0]!.id)
      .where("role", "=", "representative2")
      .executeTakeFirstOrThrow();
    const { student } = await t.ctx.db
      .selectFrom("requests")
      .select("student_name as student")
      .where("id", "=", smith.requestId)
      .executeTakeFirstOrThrow();
    const english = await waitForMail(smtp.mails, smith.family.email);
    expect(english.subject).toMatch(/: a reminder about your enrollment$/);
    const titles = new Intl.ListFormat("en", { type: "conjunction" }).format(smithDocs.map((d) => d.title));
    expect(english.decoded).toContain(
      `Documents to sign online: ${titles} for ${student}, ${smith.code}. Sign them on the portal: ${t.ctx.config.publicUrl}/portal/inscripciones/firmar/${smith.fileId}/${smithDocs[0]!.documentId}`,
    );
    // The second representative signs by link: named, for the family to send the link again; not written to.
    expect(english.decoded).toContain(
      `Still to sign through the link e-mailed to them: ${rep2.name} (you can send the link again from the portal).`,
    );
    expect(await remindersTo(smith.rep2Email)).toEqual([]);

    const spanish = await waitForMail(smtp.mails, vera.family.email);
    const veraTitles = new Intl.ListFormat("es", { type: "conjunction" }).format(veraDocs.slice(1).map((d) => d.title));
    expect(spanish.decoded).toContain(`Documentos para firmar en línea: ${veraTitles} de `);
    expect(spanish.decoded).not.toContain(veraDocs[0]!.title);
    expect(await remindersTo(gone.family.email)).toEqual([]);

    // The Veras sign everything else: their reminders stop; the Smiths get the second and last one.
    for (const doc of veraDocs.slice(1)) await bothSign(t, smtp.mails, vera, doc.documentId);
    expect(await remindFamilies(t.ctx, noon(10))).toEqual([]);
    expect(await remindFamilies(t.ctx, noon(11))).toEqual([smith.family.id]);
    expect(await remindFamilies(t.ctx, noon(18))).toEqual([]);
    expect(await remindersTo(smith.family.email)).toHaveLength(2);
    expect(await remindersTo(vera.family.email)).toHaveLength(1);

    // The Admin's log: the cause once per request, with its code.
    const page = (await call(t, { method: "GET", url: URL, cookie: admin.cookie })).json();
    expect(page.recent[0].causes).toEqual([{ cause: "signaturesPending", code: smith.code, student }]);
  });
});
