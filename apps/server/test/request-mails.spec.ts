import type { RequestMail } from "@portal/shared/schemas/request-mails";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queueMail } from "../src/mail/outbox.ts";
import { waitForMail } from "./support/smtp.ts";
import { call, createTestApp, createUser, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";
import { insertSentRequest } from "./support/workflow.ts";

/*
 * A request's e-mails on its staff page: GET /api/requests/:id/mails lists what the
 * family was sent and where each delivery stands; POST …/mails/:mailId/resend queues a copy.
 */

let t: TestApp;
let secretaria: Awaited<ReturnType<typeof signedInAs>>;
let consulta: Awaited<ReturnType<typeof signedInAs>>;
let editor: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  t = await createTestApp();
  secretaria = await signedInAs(t, "Secretaria");
  consulta = await signedInAs(t, "Consulta", { language: "en" });
  editor = await signedInAs(t, "Editor");
});
afterAll(() => t.close());

const list = (cookie: string | undefined, id: number | string) =>
  call(t, { method: "GET", url: `/api/requests/${id}/mails`, cookie });
const resend = (cookie: string | undefined, id: number | string, mailId: number | string) =>
  call(t, { method: "POST", url: `/api/requests/${id}/mails/${mailId}/resend`, cookie });

/** A sent request whose family was told of a refusal (the mail delivered). */
async function refusedRequest() {
  const family = await createUser(t, { language: "fr" });
  const request = await insertSentRequest(t, family.id);
  const before = t.mails.length;
  const changed = await call(t, {
    method: "POST",
    url: `/api/requests/${request.id}/actions`,
    cookie: secretaria.cookie,
    payload: { action: "refuse", expectedVersion: 1, comment: "Plus de place dans ce niveau." },
  });
  expect(changed.statusCode, changed.body).toBe(200);
  const mail = await waitForMail(t.mails, family.email, before);
  await t.ctx.outbox.deliverDue();
  return { family, request, mail };
}

describe("GET /api/requests/:id/mails", () => {
  it("lists the family's mails with their delivery state, for every inscriptions role", async () => {
    const { family, request, mail } = await refusedRequest();
    for (const staff of [secretaria, consulta]) {
      const response = await list(staff.cookie, request.id);
      expect(response.statusCode).toBe(200);
      const mails = response.json().mails as RequestMail[];
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({
        kind: "requestStatusChanged",
        to: family.email,
        subject: mail.subject,
        status: "sent",
        attempts: 1,
        lastError: null,
        nextAttemptAt: null,
        resentFrom: null,
      });
      expect(mails[0]?.sentAt).toEqual(expect.any(String));
    }
  });

  it("shows a mail that waits with its error and its next attempt", async () => {
    const family = await createUser(t);
    const request = await insertSentRequest(t, family.id);
    const id = await queueMail(t.ctx, t.ctx.db, {
      kind: "photoRejected",
      requestId: request.id,
      to: family.email,
      subject: "Nueva foto",
      text: "x",
      html: "<p>x</p>",
    });
    const later = new Date(Date.now() + 3_600_000).toISOString();
    await t.ctx.db
      .updateTable("mail_outbox")
      .set({ attempts: 2, last_error: "ECONNREFUSED: connect ECONNREFUSED", next_attempt_at: later })
      .where("id", "=", id)
      .execute();
    const [mail] = (await list(secretaria.cookie, request.id)).json().mails as RequestMail[];
    expect(mail).toMatchObject({ id, status: "pending", attempts: 2, nextAttemptAt: later, sentAt: null });
    expect(mail?.lastError).toContain("ECONNREFUSED");
  });

  it("refuses other roles, unknown requests and bad ids", async () => {
    const { request } = await refusedRequest();
    expect((await list(undefined, request.id)).statusCode).toBe(401);
    const familyCookie = (await signedInAs(t, "User")).cookie;
    expect((await list(familyCookie, request.id)).statusCode).toBe(403);
    expect((await list(editor.cookie, request.id)).statusCode).toBe(403);
    const unknown = await list(secretaria.cookie, 2_000_000_000);
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe("REQUEST_NOT_FOUND");
    for (const bad of ["abc", "0", "-1", "1.5", "99999999999"]) {
      const response = await list(secretaria.cookie, bad);
      expect(response.statusCode, bad).toBe(400);
      expect(errorOf(response).code).toBe("VALIDATION_ERROR");
    }
  });
});

describe("POST /api/requests/:id/mails/:mailId/resend", () => {
  it("queues a copy as a new message, delivers it and records who did it", async () => {
    const { family, request, mail } = await refusedRequest();
    const [original] = (await list(secretaria.cookie, request.id)).json().mails as RequestMail[];
    const before = t.mails.length;
    const response = await resend(secretaria.cookie, request.id, original!.id);
    expect(response.statusCode, response.body).toBe(200);
    const mails = response.json().mails as RequestMail[];
    expect(mails.map((m) => m.resentFrom)).toEqual([original!.id, null]);
    const again = await waitForMail(t.mails, family.email, before);
    expect(again.subject).toBe(mail.subject);
    const messageId = (raw: string) => /^Message-ID: (.*)$/m.exec(raw)?.[1];
    expect(messageId(again.raw)).toBeTruthy();
    expect(messageId(again.raw)).not.toBe(messageId(mail.raw));
    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .select(["actor_user_id", "subject_user_id", "details"])
      .where("event", "=", "request.mailResent")
      .where("subject_user_id", "=", family.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actor_user_id).toBe(secretaria.id);
    expect(JSON.parse(audit[0]?.details ?? "{}")).toMatchObject({ requestId: request.id, mailId: original!.id });
  });

  it("refuses a mail still waiting, another request's mail, Consulta and bad ids", async () => {
    const { request } = await refusedRequest();
    const other = await refusedRequest();
    const [mine] = (await list(secretaria.cookie, request.id)).json().mails as RequestMail[];
    const [theirs] = (await list(secretaria.cookie, other.request.id)).json().mails as RequestMail[];
    const countRows = async () =>
      (
        await t.ctx.db
          .selectFrom("mail_outbox")
          .select("id")
          .where("request_id", "in", [request.id, other.request.id])
          .execute()
      ).length;
    const rowsBefore = await countRows();

    const foreign = await resend(secretaria.cookie, request.id, theirs!.id);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).code).toBe("MAIL_NOT_FOUND");
    const readOnly = await resend(consulta.cookie, request.id, mine!.id);
    expect(readOnly.statusCode).toBe(403);
    expect((await resend(editor.cookie, request.id, mine!.id)).statusCode).toBe(403);
    expect((await resend(undefined, request.id, mine!.id)).statusCode).toBe(401);
    for (const [id, mailId] of [
      ["abc", mine!.id],
      [request.id, "x"],
      [request.id, 0],
    ] as const) {
      const response = await resend(secretaria.cookie, id, mailId);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe("VALIDATION_ERROR");
    }
    expect(errorOf(await resend(secretaria.cookie, 2_000_000_000, mine!.id)).code).toBe("REQUEST_NOT_FOUND");

    await t.ctx.db
      .updateTable("mail_outbox")
      .set({ status: "pending", next_attempt_at: new Date(Date.now() + 3_600_000).toISOString() })
      .where("id", "=", mine!.id)
      .execute();
    const pending = await resend(secretaria.cookie, request.id, mine!.id);
    expect(pending.statusCode).toBe(409);
    expect(errorOf(pending)).toMatchObject({ code: "MAIL_PENDING" });
    expect(await countRows()).toBe(rowsBefore);
  });

  it("answers in the caller's language", async () => {
    const { request } = await refusedRequest();
    const englishAdmin = await signedInAs(t, "Admin", { language: "en" });
    const response = await resend(englishAdmin.cookie, request.id, 2_000_000_000);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).message).toBe("This e-mail does not exist for this record.");
  });
});
