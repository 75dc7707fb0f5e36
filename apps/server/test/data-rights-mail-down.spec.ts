import { afterAll, beforeAll, expect, it } from "vitest";
import { act, fileRequest, validFiling } from "./support/data-rights.ts";
import { freePort } from "./support/server-process.ts";
import { createTestApp, signedInAs, type TestApp } from "./support/test-app.ts";

/*
 * A data-rights answer while the mail server is down (docs/rules/data-protection.md "Data-rights
 * requests"): the answer is saved and shown at once; its e-mail waits in the outbox, which retries.
 */

let t: TestApp;
beforeAll(async () => {
  // Nothing listens on this port: every delivery attempt is refused.
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}`, SMTP_TIMEOUT_SECONDS: "0.5" });
  await t.ctx.outbox.stop();
});
afterAll(() => t.close());

it("saves the answer even though its e-mail cannot be sent, and keeps the mail for a retry", async () => {
  const family = await signedInAs(t, "User", { language: "en" });
  const filed = (await fileRequest(t, family.cookie, validFiling)).json();
  const staff = await signedInAs(t, "Secretaria");
  const answered = await act(t, staff.cookie, filed.id, { action: "answer", message: "Here is your data." });
  expect(answered.statusCode).toBe(200);

  await t.ctx.outbox.deliverDue();
  const row = await t.ctx.db
    .selectFrom("data_rights_requests")
    .select(["state", "answer"])
    .where("id", "=", filed.id)
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ state: "answered", answer: "Here is your data." });
  const [mail] = await t.ctx.db
    .selectFrom("mail_outbox")
    .selectAll()
    .where("user_id", "=", family.id)
    .where("kind", "=", "dataRightsClosed")
    .execute();
  expect(mail).toMatchObject({ status: "pending", sent_at: null });
  expect(mail?.attempts).toBeGreaterThanOrEqual(1);
  expect(mail?.last_error).toBeTruthy();
});
