import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "../src/lib/crypto.ts";
import { getIdentity } from "../src/modules/settings/identity.service.ts";
import { startFile } from "./support/enrollment.ts";
import {
  call,
  createTestApp,
  createUser,
  errorOf,
  sessionCookie,
  signedInAs,
  type TestApp,
  uniqueEmail,
} from "./support/test-app.ts";

// The second parent's invitation as one path (docs/rules/enrollment.md "Households"): the e-mail names
// who invites and the school, the link says it before anyone signs in, and a second parent with
// no account creates it from the link, which proves the address: activated, joined, signed in.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const inviteBy = (cookie: string, email: string) =>
  call(t, { method: "POST", url: "/api/household/invitations", cookie, payload: { email } });
const view = (token: unknown) => call(t, { method: "POST", url: "/api/household/invitation", payload: { token } });
const registerWith = (token: string, extra: Record<string, unknown> = {}) =>
  call(t, {
    method: "POST",
    url: "/api/household/invitation/register",
    payload: {
      token,
      firstSurname: "Zambrano",
      secondSurname: "",
      names: "Gabriela",
      password: "casa junto al volcan 2025",
      passwordConfirmation: "casa junto al volcan 2025",
      phone: "+593 99 555 1234",
      language: "en",
      ...extra,
    },
  });

async function lastInvitation(email: string) {
  const mail = await t.ctx.db
    .selectFrom("mail_outbox")
    .select(["subject", "body_text", "body_html"])
    .where("kind", "=", "householdInvitation")
    .where("to_address", "=", email)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const token = /\/household-invitation\/([A-Za-z0-9_-]+)/.exec(mail.body_text)?.[1];
  if (!token) throw new Error(`no link in ${mail.body_text}`);
  return { ...mail, token };
}

describe("the invitation e-mail", () => {
  it("greets an account by name in its language and names the inviting parent and the school", async () => {
    const owner = await signedInAs(t, "User");
    const second = await createUser(t, { language: "fr" });
    expect((await inviteBy(owner.cookie, second.email)).statusCode).toBe(200);
    const school = (await getIdentity(t.ctx, t.ctx.db)).schoolName;
    const mail = await lastInvitation(second.email);
    expect(mail.subject).toBe(`Ana Lucía Pérez vous invite à partager l’inscription de sa famille à ${school}`);
    expect(mail.body_text).toMatch(/^Bonjour Ana Lucía Pérez,/);
    expect(mail.body_text).toContain(`Ana Lucía Pérez vous invite à partager l’inscription de sa famille à ${school}`);
    expect(mail.body_text).toContain("Si vous ne connaissez pas Ana Lucía Pérez");
    expect(mail.body_text).toContain(`${t.ctx.config.publicUrl}/household-invitation/${mail.token}`);
    expect(mail.body_text).not.toContain(second.email);
    expect(mail.body_text).not.toContain("pas à l'origine de cette demande");
  });

  it("greets an address with no account without a name, in the inviter's language", async () => {
    const owner = await signedInAs(t, "User");
    const email = uniqueEmail("nobody-yet");
    expect((await inviteBy(owner.cookie, email)).statusCode).toBe(200);
    const mail = await lastInvitation(email);
    expect(mail.body_text).toMatch(/^Estimado\/a señor\/a:/);
    expect(mail.body_text).toContain("Ana Lucía Pérez le invita a compartir la inscripción de su familia");
    expect(mail.body_text).not.toContain(email);
  });
});

describe("the invitation's link, signed out", () => {
  it("says who invites to which family, and whether the address has an account", async () => {
    const owner = await signedInAs(t, "User");
    await startFile(t, owner.cookie);
    const email = uniqueEmail("landing");
    await inviteBy(owner.cookie, email);
    const { token } = await lastInvitation(email);
    const shown = await view(token);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({
      email,
      inviter: "Ana Lucía Pérez Gómez",
      family: "Pérez Gómez",
      hasAccount: false,
    });
    const existing = await createUser(t);
    await inviteBy((await signedInAs(t, "User")).cookie, existing.email);
    expect((await view((await lastInvitation(existing.email)).token)).json()).toMatchObject({ hasAccount: true });

    expect([(await view("x".repeat(43))).statusCode, errorOf(await view("x".repeat(43))).code]).toEqual([
      410,
      "HOUSEHOLD_INVITATION_INVALID",
    ]);
    expect((await view(42)).statusCode).toBe(400);
  });

  it("creates the invited address's account activated, joins the family and signs in, with no other mail", async () => {
    const owner = await signedInAs(t, "User");
    const email = uniqueEmail("joins");
    await inviteBy(owner.cookie, email);
    const { token } = await lastInvitation(email);
    const registered = await registerWith(token);
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json()).toMatchObject({ user: { email, role: "User" }, language: "en" });
    const cookie = sessionCookie(registered);
    const household = await call(t, { method: "GET", url: "/api/household", cookie });
    expect(household.json().accounts).toMatchObject([{ id: owner.id }, { email, you: true, owner: false }]);
    const account = await t.ctx.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    expect(account.activated_at).not.toBeNull();
    expect(account.household_owner_id).toBe(owner.id);
    const mails = await t.ctx.db.selectFrom("mail_outbox").select("kind").where("to_address", "=", email).execute();
    expect(mails.map((row) => row.kind)).toEqual(["householdInvitation"]);

    // Single use: the same link again creates nothing and is refused.
    const again = await registerWith(token, { names: "Otra" });
    expect([again.statusCode, errorOf(again).code]).toEqual([410, "HOUSEHOLD_INVITATION_INVALID"]);
  });

  it("makes a test family's second parent a test account too", async () => {
    const owner = await signedInAs(t, "Prueba");
    const email = uniqueEmail("test-second");
    expect((await inviteBy(owner.cookie, email)).statusCode).toBe(200);
    expect((await registerWith((await lastInvitation(email)).token)).statusCode).toBe(200);
    const account = await t.ctx.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    expect(account).toMatchObject({ role: "Prueba", is_test_data: 1, household_owner_id: owner.id });
  });

  it("registers only the invited address, only while the invitation is valid", async () => {
    const owner = await signedInAs(t, "User");
    // An address that has an account signs in to accept: the link does not make a second one.
    const existing = await createUser(t);
    await inviteBy(owner.cookie, existing.email);
    const taken = await registerWith((await lastInvitation(existing.email)).token);
    expect([taken.statusCode, errorOf(taken).code]).toEqual([409, "HOUSEHOLD_ACCOUNT_EXISTS"]);

    // The address cannot be chosen: it is the invitation's.
    const other = await signedInAs(t, "User");
    const email = uniqueEmail("fixed");
    await inviteBy(other.cookie, email);
    const { token } = await lastInvitation(email);
    const chosen = await registerWith(token, { email: "someone-else@test.local" });
    expect(chosen.statusCode).toBe(400);
    const weak = await registerWith(token, { password: "short", passwordConfirmation: "short" });
    expect(weak.statusCode).toBe(400);
    const unmatched = await registerWith(token, { passwordConfirmation: "something else entirely" });
    expect(unmatched.statusCode).toBe(400);

    // Expired: refused, and nothing is created.
    await t.ctx.db
      .updateTable("household_invitations")
      .set({ expires_at: "2000-01-01T00:00:00.000Z" })
      .where("token_hash", "=", sha256(token))
      .execute();
    const expired = await registerWith(token);
    expect([expired.statusCode, errorOf(expired).code]).toEqual([410, "HOUSEHOLD_INVITATION_INVALID"]);
    expect(
      await t.ctx.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst(),
    ).toBeUndefined();
  });
});
