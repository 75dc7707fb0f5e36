import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { atDesk, deskCalls } from "./support/desk.ts";
import { completeFile, startFile } from "./support/enrollment.ts";
import { startRefusingSmtp } from "./support/mail-servers.ts";
import { linkToken, waitForMail } from "./support/smtp.ts";
import { call, createTestApp, errorOf, loginAs, signedInAs, type TestApp, uniqueEmail } from "./support/test-app.ts";

// Enrollment at the office (docs/rules/staff-workflow.md "Walk-in families"): the secretary adds the
// family's e-mail and invites the parent, who claims the account with a single-use link.
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

describe("the family claims its account", () => {
  it("adds the e-mail, invites in the family's language; the link sets a password once; the family sees the desk's work", async () => {
    const id = await createdFamily({ language: "en" });
    const fileId = (await startFile(t, secretary.cookie, {}, atDesk(id))).json().id as number;
    const noEmail = await desk.invite(secretary.cookie, id);
    expect(noEmail.statusCode).toBe(409);
    expect(errorOf(noEmail).code).toBe("DESK_NO_EMAIL");

    const used = await signedInAs(t, "User");
    const taken = await desk.setEmail(secretary.cookie, id, used.email);
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).code).toBe("EMAIL_TAKEN");
    expect((await desk.setEmail(secretary.cookie, id, "not an address")).statusCode).toBe(400);

    const email = uniqueEmail("walkin");
    const updated = await desk.setEmail(secretary.cookie, id, email);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ email, claimed: false });

    const before = t.mails.length;
    const invited = await desk.invite(secretary.cookie, id);
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json().invitation).toMatchObject({ status: expect.stringMatching(/pending|sent/) });
    const mail = await waitForMail(t.mails, email, before);
    expect(mail.subject).toContain("Your family account at");
    expect(mail.decoded).toContain("office created your family's account");
    const token = linkToken(mail, "/account-activate");

    // The activation page asks for a password first; the link is not used up by asking.
    const asked = await call(t, { method: "POST", url: "/api/auth/activate", payload: { token } });
    expect(errorOf(asked).code).toBe("PASSWORD_REQUIRED");
    const password = "a walk-in parent's own password";
    const accept = (tok: string) =>
      call(t, {
        method: "POST",
        url: "/api/auth/invitation/accept",
        payload: { token: tok, password, passwordConfirmation: password },
      });
    const accepted = await accept(token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const reused = await accept(token);
    expect(reused.statusCode).toBe(400);
    expect(errorOf(reused).code).toBe("TOKEN_INVALID");

    // Signed in, the family sees its file, each step the desk saved named as entered at the office.
    const parent = await loginAs(t, email, password);
    const files = await call(t, { method: "GET", url: `/api/enrollment/files/${fileId}`, cookie: parent });
    expect(files.statusCode).toBe(200);
    const claimed = await desk.family(secretary.cookie, id);
    expect(claimed.json()).toMatchObject({ claimed: true, email });

    // Once claimed, the address is the family's to change, and there is nothing left to invite to.
    expect(errorOf(await desk.setEmail(secretary.cookie, id, uniqueEmail())).code).toBe("DESK_ALREADY_CLAIMED");
    expect(errorOf(await desk.invite(secretary.cookie, id)).code).toBe("DESK_ALREADY_CLAIMED");
  });

  it("shows the family the steps entered at the office, with the staff member's name and date", async () => {
    const id = await createdFamily();
    const email = uniqueEmail("walkin");
    await desk.setEmail(secretary.cookie, id, email);
    const fileId = await completeFile(t, secretary.cookie, atDesk(id));
    const before = t.mails.length;
    await desk.invite(secretary.cookie, id);
    const token = linkToken(await waitForMail(t.mails, email, before), "/account-activate");
    const password = "a walk-in parent's own password";
    await call(t, {
      method: "POST",
      url: "/api/auth/invitation/accept",
      payload: { token, password, passwordConfirmation: password },
    });
    const parent = await loginAs(t, email, password);
    const step = await call(t, {
      method: "GET",
      url: `/api/enrollment/files/${fileId}/steps/studentFile`,
      cookie: parent,
    });
    expect(step.statusCode, step.body).toBe(200);
    expect(step.json().savedBy).toMatchObject({ name: "Ana Lucía Pérez", school: true, atDesk: true });
    expect(step.json().savedBy.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("an expired link, and one sent to an address corrected since, no longer work", async () => {
    const id = await createdFamily();
    const first = uniqueEmail("walkin");
    await desk.setEmail(secretary.cookie, id, first);
    let before = t.mails.length;
    await desk.invite(secretary.cookie, id);
    const oldToken = linkToken(await waitForMail(t.mails, first, before), "/account-activate");
    const second = uniqueEmail("walkin");
    expect((await desk.setEmail(secretary.cookie, id, second)).statusCode).toBe(200);
    const password = "a walk-in parent's own password";
    const accept = (token: string) =>
      call(t, {
        method: "POST",
        url: "/api/auth/invitation/accept",
        payload: { token, password, passwordConfirmation: password },
      });
    expect(errorOf(await accept(oldToken)).code).toBe("TOKEN_INVALID");

    before = t.mails.length;
    await desk.invite(secretary.cookie, id);
    const token = linkToken(await waitForMail(t.mails, second, before), "/account-activate");
    // 48 hours later (the link's lifetime, written into its row as the clock would have moved).
    await t.ctx.db
      .updateTable("user_tokens")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", id)
      .where("purpose", "=", "invite")
      .where("used_at", "is", null)
      .execute();
    expect(errorOf(await accept(token)).code).toBe("TOKEN_EXPIRED");
    expect((await desk.family(secretary.cookie, id)).json().claimed).toBe(false);
  });

  it("with the mail server down, the invitation waits in the outbox and the answer says so", async () => {
    const refusing = await startRefusingSmtp();
    const down = await createTestApp({ SMTP_URL: refusing.url, SMTP_TIMEOUT_SECONDS: "0.5" });
    try {
      const staff = await signedInAs(down, "Secretaria");
      const onDown = deskCalls(down);
      const id = await onDown.created(staff.cookie);
      const email = uniqueEmail("walkin");
      await onDown.setEmail(staff.cookie, id, email);
      const invited = await onDown.invite(staff.cookie, id);
      expect(invited.statusCode, invited.body).toBe(200);
      expect(invited.json().invitation).toMatchObject({ status: "pending" });
      const row = await down.ctx.db
        .selectFrom("mail_outbox")
        .select(["status", "to_address"])
        .where("user_id", "=", id)
        .where("kind", "=", "deskInvitation")
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: "pending", to_address: email });
    } finally {
      await down.close();
      await refusing.close();
    }
  });

  it("a family without an e-mail gets no mail: its copy of the receipt is kept as undeliverable, never tried", async () => {
    const id = await createdFamily();
    const fileId = await completeFile(t, secretary.cookie, atDesk(id));
    const sent = await call(t, {
      method: "POST",
      url: `/api/enrollment/files/${fileId}/send`,
      cookie: secretary.cookie,
      headers: atDesk(id),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const rows = await t.ctx.db
      .selectFrom("mail_outbox")
      .select(["status", "to_address"])
      .where("user_id", "=", id)
      .execute();
    // The account's copy is kept, given up at once; the representatives' e-mails in the file go out.
    const own = rows.filter((r) => r.to_address.endsWith("@no-email.invalid"));
    expect(own.map((r) => r.status)).toEqual(["failed"]);
    expect(rows.length).toBeGreaterThan(own.length);
  });
});
