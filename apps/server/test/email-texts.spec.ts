import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForMail } from "./support/smtp.ts";
import { call, createTestApp, createUser, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";
import { insertSentRequest } from "./support/workflow.ts";

/**
 * Settings › E-mail texts. The texts are school-wide and every spec file shares the database:
 * the only one saved here is the status e-mail in English, and it is reset before the test ends.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAs(t, "Admin", { language: "en" });
});
afterAll(() => t.close());

const BASE = "/api/settings/email-texts";
type Item = { id: string; language: string; subject: string; body: string; customized: boolean; version: number };

async function itemOf(id: string, language: string): Promise<Item> {
  const list = await call(t, { method: "GET", url: BASE, cookie: admin.cookie });
  expect(list.statusCode).toBe(200);
  return (list.json().items as Item[]).find((item) => item.id === id && item.language === language)!;
}

describe("the list", () => {
  it("gives every e-mail in the three languages, the portal's text with its fields", async () => {
    const list = await call(t, { method: "GET", url: BASE, cookie: admin.cookie });
    const items = list.json().items as Item[];
    expect(items.length % 3).toBe(0);
    expect(new Set(items.map((item) => item.id))).toContain("correctionRequested");
    const activation = items.find((item) => item.id === "activation" && item.language === "fr")!;
    expect(activation.subject).toMatch(/^Activez votre compte .*\{\{school\}\}$/);
    expect(activation.body).toContain("{{link}}");
    expect(activation.customized).toBe(false);
  });

  it("is the Admin's only", async () => {
    for (const role of ["Secretaria", "Consulta", "Editor", "User"] as const) {
      const other = await signedInAs(t, role);
      const calls = [
        call(t, { method: "GET", url: BASE, cookie: other.cookie }),
        call(t, {
          method: "POST",
          url: `${BASE}/activation/es/preview`,
          cookie: other.cookie,
          payload: { subject: "x", body: "{{link}}" },
        }),
        call(t, {
          method: "POST",
          url: `${BASE}/activation/es/reset`,
          cookie: other.cookie,
          payload: { expectedVersion: 1 },
        }),
      ];
      for (const response of await Promise.all(calls)) expect(response.statusCode, role).toBe(403);
    }
    expect((await call(t, { method: "GET", url: BASE })).statusCode).toBe(401);
  });
});

describe("bad texts", () => {
  it("are refused with 400 saying which field is wrong, saved or previewed, and change nothing", async () => {
    const before = await itemOf("activation", "es");
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ subject: "Hola", body: "{{name}} {{link}} {{password}}" }, "body", "EMAIL_TEXT_UNKNOWN_FIELD", "{{password}}"],
      [{ subject: "Hola {{enlace}}", body: "{{link}}" }, "subject", "EMAIL_TEXT_UNKNOWN_FIELD", "{{enlace}}"],
      [{ subject: "Hola", body: "Abra {{link} pronto" }, "body", "EMAIL_TEXT_UNKNOWN_FIELD", "{{ }}"],
      [{ subject: "Hola", body: "Active su cuenta, {{name}}." }, "body", "EMAIL_TEXT_FIELD_MISSING", "{{link}}"],
    ];
    for (const [draft, field, code, named] of cases) {
      for (const [method, url, payload] of [
        ["PUT", `${BASE}/activation/es`, { ...draft, expectedVersion: before.version }],
        ["POST", `${BASE}/activation/es/preview`, draft],
      ] as const) {
        const response = await call(t, { method, url, cookie: admin.cookie, payload });
        const what = `${method} ${JSON.stringify(draft)}: ${response.body}`;
        expect(response.statusCode, what).toBe(400);
        expect(errorOf(response).code, what).toBe(code);
        expect(errorOf(response).fields?.[field], what).toContain(named);
      }
    }
    // A block field (several lines) cannot go in the one-line subject.
    const block = await call(t, {
      method: "POST",
      url: `${BASE}/requestStatusChanged/en/preview`,
      cookie: admin.cookie,
      payload: { subject: "{{comment}}", body: "{{comment}}" },
    });
    expect(errorOf(block).fields?.subject).toBe(
      "This e-mail cannot use {{comment}}: use only the fields listed, written between double braces.",
    );
    const spanish = await signedInAs(t, "Admin", { language: "es" });
    const missing = await call(t, {
      method: "PUT",
      url: `${BASE}/activation/es`,
      cookie: spanish.cookie,
      payload: { subject: "Hola", body: "Sin enlace", expectedVersion: before.version },
    });
    expect(errorOf(missing).fields?.body).toBe(
      "Falta {{link}} en el texto: sin ese campo el correo no sirve a quien lo recibe.",
    );
    const shapes: [string, Record<string, unknown>, string][] = [
      [`${BASE}/unknown/es`, { subject: "a", body: "b", expectedVersion: 1 }, "id"],
      [`${BASE}/activation/de`, { subject: "a", body: "b", expectedVersion: 1 }, "language"],
      [`${BASE}/activation/es`, { subject: "", body: "{{link}}", expectedVersion: 1 }, "subject"],
      [`${BASE}/activation/es`, { subject: "a\nb", body: "{{link}}", expectedVersion: 1 }, "subject"],
      [`${BASE}/activation/es`, { subject: "a", body: "  ", expectedVersion: 1 }, "body"],
      [`${BASE}/activation/es`, { subject: "a", body: "x".repeat(7000), expectedVersion: 1 }, "body"],
      [`${BASE}/activation/es`, { subject: "a", body: "{{link}}" }, "expectedVersion"],
      [`${BASE}/activation/es`, { subject: "a", body: "{{link}}", expectedVersion: 1, html: "<b>" }, "html"],
    ];
    for (const [url, payload, field] of shapes) {
      const response = await call(t, { method: "PUT", url, cookie: admin.cookie, payload });
      expect(response.statusCode, `${url} ${JSON.stringify(payload).slice(0, 60)}`).toBe(400);
      expect(errorOf(response).fields?.[field], response.body).toBeTruthy();
    }
    expect(await itemOf("activation", "es")).toEqual(before);
  });
});

describe("the family reminder's preview", () => {
  it("shows a line of each cause, the documents to sign online included", async () => {
    const preview = await call(t, {
      method: "POST",
      url: `${BASE}/familyReminder/en/preview`,
      cookie: admin.cookie,
      payload: { subject: "{{school}}: a reminder", body: "Hello {{name}},\n\n{{items}}\n\n{{link}}" },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const text: string = preview.json().text;
    expect(text).toContain("- Documents to sign online: Educational services contract for Mateo Andrade Vela");
    expect(text).toContain("Still to sign through the link e-mailed to them: María Vela");
    expect(text).not.toContain("{{");
  });
});

describe("the Admin's text", () => {
  it("is previewed with sample data, used in the real mail, audited, and reset to the portal's", async () => {
    const item = await itemOf("requestStatusChanged", "en");
    expect(item.customized).toBe(false);
    const draft = {
      subject: "{{school}}: request {{code}} is now {{status}}",
      body: [
        "Hello {{name}},",
        "The request of {{student}} is now “{{status}}”.\n{{explanation}}",
        "Why:\n{{comment}}",
        "See it on the portal: {{link}}",
      ].join("\n\n"),
    };

    const preview = await call(t, {
      method: "POST",
      url: `${BASE}/requestStatusChanged/en/preview`,
      cookie: admin.cookie,
      payload: draft,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().subject).toMatch(/^.+: request INS-26-000123 is now Refused$/);
    expect(preview.json().text).toContain("Hello Ana Pérez,");
    expect(preview.json().text).toContain("Why:\nThe level you applied for has no place left this year.");
    expect(preview.json().text).not.toContain("{{");
    expect(preview.json().html).toMatch(/<a href="http[^"]+\/portal">/);
    expect(await itemOf("requestStatusChanged", "en")).toEqual(item);

    const saved = await call(t, {
      method: "PUT",
      url: `${BASE}/requestStatusChanged/en`,
      cookie: admin.cookie,
      payload: { ...draft, expectedVersion: item.version },
    });
    try {
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ ...draft, customized: true, version: item.version + 1 });
      const stale = await call(t, {
        method: "PUT",
        url: `${BASE}/requestStatusChanged/en`,
        cookie: admin.cookie,
        payload: { ...draft, subject: "Other", expectedVersion: item.version },
      });
      expect(errorOf(stale).code).toBe("VERSION_CONFLICT");

      // A real status change: the family's mail, through the outbox, is the Admin's text filled.
      const family = await createUser(t, { language: "en" });
      const request = await insertSentRequest(t, family.id);
      const secretaria = await signedInAs(t, "Secretaria");
      const before = t.mails.length;
      const accepted = await call(t, {
        method: "POST",
        url: `/api/requests/${request.id}/actions`,
        cookie: secretaria.cookie,
        payload: { action: "accept", expectedVersion: 1 },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const mail = await waitForMail(t.mails, family.email, before);
      expect(mail.subject).toMatch(new RegExp(`: request ${request.code} is now Accepted$`));
      const queued = await t.ctx.db
        .selectFrom("mail_outbox")
        .select(["subject", "body_text", "body_html"])
        .where("request_id", "=", request.id)
        .executeTakeFirstOrThrow();
      expect(queued.body_text).toContain("The request of Mateo Andrade Vela is now “Accepted”.\n");
      expect(queued.body_text).toContain("The school office is checking the student's record.");
      // No comment: its paragraph is left out.
      expect(queued.body_text).not.toContain("Why:");
      expect(queued.body_text).toMatch(/See it on the portal: http\S+\/portal\/inscripciones\/bienvenido$/);
      expect(queued.body_html).toContain('<a href="http');

      const audit = await t.ctx.db
        .selectFrom("audit_events")
        .select("details")
        .where("event", "=", "emailText.updated")
        .where("actor_user_id", "=", admin.id)
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      expect(JSON.parse(audit.details ?? "{}")).toMatchObject({
        email: "requestStatusChanged",
        language: "en",
        changes: [
          { field: "subject", before: item.subject, after: draft.subject },
          { field: "body", before: item.body, after: draft.body },
        ],
      });
    } finally {
      const current = await itemOf("requestStatusChanged", "en");
      const reset = await call(t, {
        method: "POST",
        url: `${BASE}/requestStatusChanged/en/reset`,
        cookie: admin.cookie,
        payload: { expectedVersion: current.version },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.json()).toMatchObject({ subject: item.subject, body: item.body, customized: false });
    }

    // Back to the portal's text in the next mail.
    const family = await createUser(t, { language: "en" });
    const request = await insertSentRequest(t, family.id);
    const before = t.mails.length;
    await call(t, {
      method: "POST",
      url: `/api/requests/${request.id}/actions`,
      cookie: (await signedInAs(t, "Secretaria")).cookie,
      payload: { action: "accept", expectedVersion: 1 },
    });
    const mail = await waitForMail(t.mails, family.email, before);
    expect(mail.subject).toBe(`Enrollment request ${request.code} (Mateo Andrade Vela): Accepted`);
  });
});
