import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "../src/lib/crypto.ts";
import { studentFileBody } from "./support/documents.ts";
import { insertOwnYear, openWindowNow, parentWithRequest, scheduledElection, vote } from "./support/elections.ts";
import { completeFile, startFile, uploadPdf } from "./support/enrollment.ts";
import { call, createTestApp, createUser, errorOf, loginAs, signedInAs, type TestApp } from "./support/test-app.ts";

// Shared households: a family's first account invites a second parent, who then acts
// for the same family; nobody else does.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const household = (cookie: string) => call(t, { method: "GET", url: "/api/household", cookie });
const inviteBy = (cookie: string, email: unknown) =>
  call(t, { method: "POST", url: "/api/household/invitations", cookie, payload: { email } });
const join = (cookie: string, token: unknown) =>
  call(t, { method: "POST", url: "/api/household/join", cookie, payload: { token } });

/** The token of the last invitation e-mail queued to `email`, read from the outbox's text. */
async function invitationToken(email: string): Promise<string> {
  const mail = await t.ctx.db
    .selectFrom("mail_outbox")
    .select(["body_text", "subject"])
    .where("kind", "=", "householdInvitation")
    .where("to_address", "=", email)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const match = /\/household-invitation\/([A-Za-z0-9_-]+)/.exec(mail.body_text);
  if (!match?.[1]) throw new Error(`no link in ${mail.body_text}`);
  return match[1];
}

/** A first account with a started file, and a second parent who accepted its invitation. */
async function householdWithFile() {
  const owner = await signedInAs(t, "User");
  const fileId = (await startFile(t, owner.cookie)).json().id as number;
  const second = await signedInAs(t, "User", { language: "fr" });
  const invited = await inviteBy(owner.cookie, second.email);
  expect(invited.statusCode, invited.body).toBe(200);
  const joined = await join(second.cookie, await invitationToken(second.email));
  expect(joined.statusCode, joined.body).toBe(200);
  return { owner, second, fileId };
}

const fileUrl = (fileId: number) => `/api/enrollment/files/${fileId}`;

describe("inviting a second parent", () => {
  it("mails a link; once accepted both accounts see the household and act on the same file", async () => {
    const owner = await signedInAs(t, "User");
    const fileId = (await startFile(t, owner.cookie)).json().id as number;
    const second = await signedInAs(t, "User");
    const invited = await inviteBy(owner.cookie, second.email.toUpperCase());
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json()).toMatchObject({
      accounts: [{ id: owner.id, owner: true, you: true }],
      invitations: [{ email: second.email }],
      canInvite: false,
    });
    const mail = await t.ctx.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("to_address", "=", second.email)
      .executeTakeFirstOrThrow();
    expect(mail.kind).toBe("householdInvitation");
    expect(mail.subject).toContain("le invita a compartir la inscripción");
    expect(mail.body_text).toContain("Ana Lucía Pérez");

    const joined = await join(second.cookie, await invitationToken(second.email));
    expect(joined.statusCode, joined.body).toBe(200);
    const expected = [
      { id: owner.id, email: owner.email, owner: true },
      { id: second.id, email: second.email, owner: false },
    ];
    expect((await household(second.cookie)).json()).toMatchObject({
      accounts: expected,
      invitations: [],
      canInvite: false,
    });
    expect((await household(owner.cookie)).json()).toMatchObject({ accounts: expected, canInvite: false });

    // The second parent sees the family's student, reads and saves its file with an upload of its own.
    const cards = (await call(t, { method: "GET", url: "/api/enrollment/cards", cookie: second.cookie })).json();
    expect(cards.map((card: { fileId: number }) => card.fileId)).toContain(fileId);
    expect((await call(t, { method: "GET", url: fileUrl(fileId), cookie: second.cookie })).statusCode).toBe(200);
    const uploadId = (await uploadPdf(t, second.cookie, fileId)).json().id as number;
    const saved = await call(t, {
      method: "PUT",
      url: `${fileUrl(fileId)}/steps/studentFile`,
      cookie: second.cookie,
      payload: studentFileBody(uploadId),
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // Each sees who changed what: the first account is told the other parent saved the step.
    const step = (cookie: string) => call(t, { method: "GET", url: `${fileUrl(fileId)}/steps/studentFile`, cookie });
    expect((await step(owner.cookie)).json().savedBy).toMatchObject({ name: "Ana Lucía Pérez", school: false });
    expect((await step(second.cookie)).json().savedBy).toBeNull();
    // And the upload belongs to the family: the first account can save with it too.
    const again = await call(t, {
      method: "PUT",
      url: `${fileUrl(fileId)}/steps/studentFile`,
      cookie: owner.cookie,
      payload: studentFileBody(uploadId),
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await step(second.cookie)).json().savedBy).toMatchObject({ school: false });

    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .select(["event", "actor_user_id", "subject_user_id"])
      .where("event", "in", ["household.invited", "household.joined"])
      .where("actor_user_id", "in", [owner.id, second.id])
      .orderBy("id")
      .execute();
    expect(audit).toEqual([
      { event: "household.invited", actor_user_id: owner.id, subject_user_id: null },
      { event: "household.joined", actor_user_id: second.id, subject_user_id: owner.id },
    ]);
  });

  it("lets the second parent complete and send a file of the family's", async () => {
    const { owner, second } = await householdWithFile();
    const fileId = await completeFile(t, second.cookie);
    const sent = await call(t, { method: "POST", url: `${fileUrl(fileId)}/send`, cookie: second.cookie });
    expect(sent.statusCode, sent.body).toBe(200);
    // The student is the family's: the first account sees it sent.
    const cards = (await call(t, { method: "GET", url: "/api/enrollment/cards", cookie: owner.cookie })).json();
    expect(cards.find((card: { fileId: number }) => card.fileId === fileId)).toMatchObject({ status: "sent" });
    const student = await t.ctx.db
      .selectFrom("enrollment_files as f")
      .innerJoin("students as s", "s.id", "f.student_id")
      .select("s.family_user_id")
      .where("f.id", "=", fileId)
      .executeTakeFirstOrThrow();
    expect(student.family_user_id).toBe(owner.id);

    // The staff see both accounts on the request, the first one first.
    const request = await t.ctx.db
      .selectFrom("requests")
      .select("id")
      .where("file_id", "=", fileId)
      .executeTakeFirstOrThrow();
    const secretaria = await signedInAs(t, "Secretaria");
    const detail = await call(t, { method: "GET", url: `/api/requests/${request.id}`, cookie: secretaria.cookie });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().household).toEqual([
      { id: owner.id, name: "Ana Lucía Pérez Gómez", email: owner.email, owner: true },
      { id: second.id, name: "Ana Lucía Pérez Gómez", email: second.email, owner: false },
    ]);

    // A status change is told to both parents, each in the account's own language.
    const accepted = await call(t, {
      method: "POST",
      url: `/api/requests/${request.id}/actions`,
      cookie: secretaria.cookie,
      payload: { action: "accept", expectedVersion: detail.json().version },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const mails = await t.ctx.db
      .selectFrom("mail_outbox")
      .select(["to_address", "subject"])
      .where("request_id", "=", request.id)
      .where("kind", "=", "requestStatusChanged")
      .orderBy("id")
      .execute();
    expect(mails.map((mail) => mail.to_address)).toEqual([second.email, owner.email]);
    expect(mails[0]!.subject).not.toBe(mails[1]!.subject); // French for the second parent, Spanish for the first
  });

  it("keeps every other family out of the household's file", async () => {
    const { fileId } = await householdWithFile();
    const stranger = await signedInAs(t, "User");
    for (const [method, url] of [
      ["GET", fileUrl(fileId)],
      ["GET", `${fileUrl(fileId)}/steps/studentFile`],
      ["GET", `${fileUrl(fileId)}/context`],
    ] as const) {
      const response = await call(t, { method, url, cookie: stranger.cookie });
      expect(response.statusCode, url).toBe(403);
    }
    expect((await household(stranger.cookie)).json()).toMatchObject({ accounts: [{ id: stranger.id, owner: true }] });
  });

  it("refuses what would break a household, with the reason", async () => {
    const { owner, second } = await householdWithFile();
    // The second parent does not invite; the household is full.
    const third = await createUser(t);
    const byMember = await inviteBy(second.cookie, third.email);
    expect([byMember.statusCode, errorOf(byMember).code]).toEqual([403, "HOUSEHOLD_NOT_OWNER"]);
    const full = await inviteBy(owner.cookie, third.email);
    expect([full.statusCode, errorOf(full).code]).toEqual([409, "HOUSEHOLD_FULL"]);
    // One's own address.
    const alone = await signedInAs(t, "User", { language: "en" });
    const self = await inviteBy(alone.cookie, alone.email);
    expect([self.statusCode, errorOf(self).code]).toEqual([400, "HOUSEHOLD_SELF_INVITE"]);
    expect(errorOf(self).message).toBe("This is your own account's address. Enter the other parent's.");

    // An invitation read by the wrong account, by an account with students, once used, or bogus.
    const invitee = await signedInAs(t, "User");
    expect((await inviteBy(alone.cookie, invitee.email)).statusCode).toBe(200);
    const token = await invitationToken(invitee.email);
    const wrong = await join(owner.cookie, token);
    expect([wrong.statusCode, errorOf(wrong).code]).toEqual([403, "HOUSEHOLD_WRONG_ACCOUNT"]);
    await startFile(t, invitee.cookie);
    const ownStudents = await join(invitee.cookie, token);
    expect([ownStudents.statusCode, errorOf(ownStudents).code]).toEqual([409, "HOUSEHOLD_HAS_OWN_STUDENTS"]);
    const bogus = await join(invitee.cookie, "x".repeat(43));
    expect([bogus.statusCode, errorOf(bogus).code]).toEqual([410, "HOUSEHOLD_INVITATION_INVALID"]);
    // A second parent cannot accept another family's invitation.
    const other = await signedInAs(t, "User");
    expect((await inviteBy(other.cookie, second.email)).statusCode).toBe(200);
    const already = await join(second.cookie, await invitationToken(second.email));
    expect([already.statusCode, errorOf(already).code]).toEqual([409, "HOUSEHOLD_ALREADY_MEMBER"]);
  });

  it("lets no third account in, even through a second invitation pending at the same time", async () => {
    const owner = await signedInAs(t, "User");
    const [first, second] = [await signedInAs(t, "User"), await signedInAs(t, "User")];
    // Two invitations pending at once, as two requests racing past the count would leave them.
    expect((await inviteBy(owner.cookie, first.email)).statusCode).toBe(200);
    await t.ctx.db
      .insertInto("household_invitations")
      .values({
        owner_user_id: owner.id,
        email: second.email,
        token_hash: sha256("b".repeat(43)),
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      })
      .execute();
    expect((await join(first.cookie, await invitationToken(first.email))).statusCode).toBe(200);
    const third = await join(second.cookie, "b".repeat(43));
    expect([third.statusCode, errorOf(third).code]).toEqual([409, "HOUSEHOLD_FULL"]);
    expect((await household(owner.cookie)).json().accounts).toHaveLength(2);
  });

  it("withdraws an invitation: its link no longer works", async () => {
    const owner = await signedInAs(t, "User");
    const invitee = await signedInAs(t, "User");
    const invitations = (await inviteBy(owner.cookie, invitee.email)).json().invitations as { id: number }[];
    const id = invitations[0]!.id;
    const revoked = await call(t, { method: "DELETE", url: `/api/household/invitations/${id}`, cookie: owner.cookie });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ invitations: [], canInvite: true });
    const late = await join(invitee.cookie, await invitationToken(invitee.email));
    expect([late.statusCode, errorOf(late).code]).toEqual([410, "HOUSEHOLD_INVITATION_INVALID"]);
    const twice = await call(t, { method: "DELETE", url: `/api/household/invitations/${id}`, cookie: owner.cookie });
    expect(twice.statusCode).toBe(404);
    // Another owner's invitation cannot be withdrawn by id.
    const stranger = await signedInAs(t, "User");
    const pending = (await inviteBy(owner.cookie, invitee.email)).json().invitations as { id: number }[];
    const foreign = await call(t, {
      method: "DELETE",
      url: `/api/household/invitations/${pending[0]!.id}`,
      cookie: stranger.cookie,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("takes the family's data away at once from a removed or leaving second parent", async () => {
    const removed = await householdWithFile();
    const before = await call(t, { method: "GET", url: fileUrl(removed.fileId), cookie: removed.second.cookie });
    expect(before.statusCode).toBe(200);
    const out = await call(t, {
      method: "DELETE",
      url: `/api/household/accounts/${removed.second.id}`,
      cookie: removed.owner.cookie,
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().accounts).toHaveLength(1);
    // The session read just before is not trusted: the very next request is refused.
    expect(
      (await call(t, { method: "GET", url: fileUrl(removed.fileId), cookie: removed.second.cookie })).statusCode,
    ).toBe(403);
    // Only the household's own second parent can be removed.
    const notMine = await call(t, {
      method: "DELETE",
      url: `/api/household/accounts/${removed.second.id}`,
      cookie: removed.owner.cookie,
    });
    expect([notMine.statusCode, errorOf(notMine).code]).toEqual([404, "HOUSEHOLD_NOT_MEMBER"]);

    const leaving = await householdWithFile();
    const left = await call(t, { method: "POST", url: "/api/household/leave", cookie: leaving.second.cookie });
    expect(left.statusCode, left.body).toBe(200);
    expect(
      (await call(t, { method: "GET", url: fileUrl(leaving.fileId), cookie: leaving.second.cookie })).statusCode,
    ).toBe(403);
    const ownerLeaves = await call(t, { method: "POST", url: "/api/household/leave", cookie: leaving.owner.cookie });
    expect([ownerLeaves.statusCode, errorOf(ownerLeaves).code]).toEqual([409, "HOUSEHOLD_NOT_MEMBER"]);
    // Its invitation was used: the first account may invite again.
    expect((await household(leaving.owner.cookie)).json()).toMatchObject({ canInvite: true });
  });
});

describe("a household's drafts", () => {
  it("offers a step's unsaved typing back only to the account that typed it", async () => {
    const { owner, second, fileId } = await householdWithFile();
    const url = `${fileUrl(fileId)}/steps/studentFile/draft`;
    const draftOf = (cookie: string) => call(t, { method: "GET", url, cookie });
    const typed = await call(t, { method: "PUT", url, cookie: owner.cookie, payload: { values: { names: "Emilia" } } });
    expect(typed.statusCode, typed.body).toBe(200);
    expect((await draftOf(owner.cookie)).json()).toMatchObject({ values: { names: "Emilia" } });
    // The second parent is not told "what you wrote was not saved" about the first's typing.
    expect((await draftOf(second.cookie)).json()).toBeNull();
    // Nor can it discard it: the draft is still the first account's.
    expect((await call(t, { method: "DELETE", url, cookie: second.cookie })).statusCode).toBe(204);
    expect((await draftOf(owner.cookie)).json()).toMatchObject({ values: { names: "Emilia" } });
  });
});

describe("a household in an election", () => {
  // Each parent votes in their own right by default (elections-parents.spec.ts); an election the
  // Admin set to one vote per family gives the household one vote, cast by either parent.
  it("has one vote, cast by either parent, when the election is one vote per family", async () => {
    const admin = (await signedInAs(t, "Admin")).cookie;
    const yearId = await insertOwnYear(t, "household");
    const election = await scheduledElection(t, admin, yearId, { voteUnit: "family" });
    await openWindowNow(t, election.id);
    const parent = await parentWithRequest(t, yearId);
    const second = await createUser(t);
    const ownerCookie = await parent.cookie();
    expect((await inviteBy(ownerCookie, second.email)).statusCode).toBe(200);
    const secondCookie = await loginAs(t, second.email);
    expect((await join(secondCookie, await invitationToken(second.email))).statusCode).toBe(200);

    const first = await vote(t, secondCookie, election.id, election.lists[0]!.id);
    expect(first.statusCode, first.body).toBe(201);
    const again = await vote(t, ownerCookie, election.id, null);
    expect([again.statusCode, errorOf(again).code]).toEqual([409, "ELECTION_ALREADY_VOTED"]);
    // One ballot, still waiting for its batch (docs/elections.md "The ballot box during the poll").
    const ballots = await t.ctx.db
      .selectFrom("election_pending_ballots")
      .select("id")
      .where("election_id", "=", election.id)
      .execute();
    expect(ballots).toHaveLength(1);
  });
});

describe("household endpoints", () => {
  it("validate their input and are the families' only", async () => {
    const family = await signedInAs(t, "User");
    const bad = await inviteBy(family.cookie, "not-an-address");
    expect([bad.statusCode, errorOf(bad).code]).toEqual([400, "VALIDATION_ERROR"]);
    const extra = await call(t, {
      method: "POST",
      url: "/api/household/invitations",
      cookie: family.cookie,
      payload: { email: "a@b.ec", role: "Admin" },
    });
    expect(extra.statusCode).toBe(400);
    const noToken = await join(family.cookie, 42);
    expect([noToken.statusCode, errorOf(noToken).code]).toEqual([400, "VALIDATION_ERROR"]);
    const badId = await call(t, { method: "DELETE", url: "/api/household/accounts/abc", cookie: family.cookie });
    expect(badId.statusCode).toBe(400);

    expect((await household("")).statusCode).toBe(401);
    const secretaria = await signedInAs(t, "Secretaria");
    const staff = await call(t, { method: "GET", url: "/api/household", cookie: secretaria.cookie });
    expect(staff.statusCode).toBe(403);
  });
});
