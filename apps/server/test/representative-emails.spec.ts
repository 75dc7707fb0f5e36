import { CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailUseQuery, sharedEmailsQuery } from "../src/modules/enrollment/representative-emails.repository.ts";
import { completeFile } from "./support/enrollment.ts";
import { sentFile } from "./support/sent-files.ts";
import { call, createTestApp, errorOf, signedInAs, type TestApp, uniqueEmail } from "./support/test-app.ts";

/**
 * Spec 5 "Duplicates: a record with the same identification or e-mail exists", for the legal
 * representatives' e-mails (docs/rules/enrollment.md "Students: identity, birth
 * date and level"): saved all the same, the family warned without a word about the other family, the staff
 * shown the other requests on the request's page.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Step = "firstRepresentative" | "secondRepresentative";
const stepUrl = (fileId: number, step: Step) => `/api/enrollment/files/${fileId}/steps/${step}`;

/** Saves a representative step of `fileId` again with `email` typed as given (confirmation alike). */
async function saveEmail(cookie: string, fileId: number, step: Step, email: string) {
  const current = (await call(t, { method: "GET", url: stepUrl(fileId, step), cookie })).json().data as object;
  return call(t, {
    method: "PUT",
    url: stepUrl(fileId, step),
    cookie,
    payload: { ...current, email, emailConfirmation: email },
  });
}

async function requestOf(fileId: number) {
  return t.ctx.db.selectFrom("requests").select(["id", "code"]).where("file_id", "=", fileId).executeTakeFirstOrThrow();
}

async function checksAs(role: "Admin" | "Secretaria" | "Consulta", requestId: number) {
  const staff = await signedInAs(t, role);
  const detail = await call(t, { method: "GET", url: `/api/requests/${requestId}`, cookie: staff.cookie });
  expect(detail.statusCode, detail.body).toBe(200);
  return detail.json().checks as { sharedEmails: unknown; sharedEmailsMore: boolean };
}

/** The household's second parent joins `owner`'s family through the invitation e-mail's link. */
async function joinHousehold(ownerCookie: string) {
  const second = await signedInAs(t, "User");
  const invited = await call(t, {
    method: "POST",
    url: "/api/household/invitations",
    cookie: ownerCookie,
    payload: { email: second.email },
  });
  expect(invited.statusCode, invited.body).toBe(200);
  const mail = await t.ctx.db
    .selectFrom("mail_outbox")
    .select("body_text")
    .where("kind", "=", "householdInvitation")
    .where("to_address", "=", second.email)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const token = /\/household-invitation\/([A-Za-z0-9_-]+)/.exec(mail.body_text)?.[1];
  const joined = await call(t, {
    method: "POST",
    url: "/api/household/join",
    cookie: second.cookie,
    payload: { token },
  });
  expect(joined.statusCode, joined.body).toBe(200);
  return second;
}

describe("a representative's e-mail another family gives", () => {
  it("is saved, the family warned with nothing of the other family, and the staff shown both requests", async () => {
    const email = uniqueEmail("shared");
    const holder = await sentFile(t, { rep1Email: email });
    const holderRequest = await requestOf(holder.fileId);

    const family = await signedInAs(t, "User");
    const fileId = await completeFile(t, family.cookie);
    // The file's first representative gets an address of its own: the test bodies' default one is
    // other specs' families' too, in the database the spec files share.
    expect((await saveEmail(family.cookie, fileId, "firstRepresentative", uniqueEmail("own"))).statusCode).toBe(200);
    // Ids only, on this family's account; what the default bodies' saves audited is counted before.
    const audited = () =>
      t.ctx.db
        .selectFrom("audit_events")
        .select(["actor_user_id", "subject_user_id", "details"])
        .where("event", "=", "enrollment.representativeEmail.shared")
        .where("subject_user_id", "=", family.id)
        .orderBy("id")
        .execute();
    const before = (await audited()).length;
    // Another case and spaces around it: the same address.
    const typed = `  ${email.toUpperCase()} `;
    const saved = await saveEmail(family.cookie, fileId, "secondRepresentative", typed);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().emailGivenByAnotherFamily).toBe(true);
    // Nothing of the other family: not its request's code, its account; only the file's own summary and the flag.
    for (const secret of [holder.code, holder.family.email, "Request", "request"])
      expect(saved.body).not.toContain(secret);
    expect(Object.keys(saved.json()).sort()).toEqual(
      [
        "completedSteps",
        "emailGivenByAnotherFamily",
        "id",
        "isNewStudent",
        "nextStep",
        "reopenedSteps",
        "schoolYearId",
        "status",
        "studentId",
        "studentName",
      ].sort(),
    );
    expect(saved.json()).toMatchObject({ id: fileId, studentId: expect.any(Number) });
    // Audited for the staff with ids only; reading the step again is not a new try.
    const events = await audited();
    expect(events).toHaveLength(before + 1);
    expect(JSON.parse(String(events.at(-1)?.details))).toEqual({ fileId, step: "secondRepresentative" });
    const step = await call(t, { method: "GET", url: stepUrl(fileId, "secondRepresentative"), cookie: family.cookie });
    expect(step.json()).toMatchObject({ completed: true, emailGivenByAnotherFamily: true, data: { email } });
    expect(step.body).not.toContain(holder.code);
    // The other representative's own e-mail is no one else's.
    const first = await call(t, { method: "GET", url: stepUrl(fileId, "firstRepresentative"), cookie: family.cookie });
    expect(first.json().emailGivenByAnotherFamily).toBe(false);
    expect(await audited()).toHaveLength(before + 1);
    // Other steps say nothing of it.
    const terms = await call(t, {
      method: "GET",
      url: `/api/enrollment/files/${fileId}/steps/terms`,
      cookie: family.cookie,
    });
    expect(terms.json()).not.toHaveProperty("emailGivenByAnotherFamily");

    const sent = await call(t, { method: "POST", url: `/api/enrollment/files/${fileId}/send`, cookie: family.cookie });
    expect(sent.statusCode, sent.body).toBe(200);
    const request = await requestOf(fileId);
    for (const role of ["Admin", "Secretaria", "Consulta"] as const) {
      expect(await checksAs(role, request.id)).toMatchObject({
        sharedEmails: [
          {
            step: "secondRepresentative",
            email,
            requests: [{ id: holderRequest.id, code: holderRequest.code, step: "firstRepresentative" }],
          },
        ],
        sharedEmailsMore: false,
      });
    }
    // And the other way round, on the first family's request.
    expect((await checksAs("Secretaria", holderRequest.id)).sharedEmails).toEqual([
      {
        step: "firstRepresentative",
        email,
        requests: [{ id: request.id, code: request.code, step: "secondRepresentative" }],
      },
    ]);
    // The family never sees the staff's check.
    const asFamily = await call(t, { method: "GET", url: `/api/requests/${request.id}`, cookie: family.cookie });
    expect(asFamily.statusCode).toBe(403);
  });

  it("is found however it was stored (case, spaces of a row written before e-mails were normalised)", async () => {
    const email = uniqueEmail("legacy");
    const holder = await sentFile(t, { rep2Email: email });
    const row = await t.ctx.db
      .selectFrom("enrollment_steps")
      .select("data")
      .where("file_id", "=", holder.fileId)
      .where("step", "=", "secondRepresentative")
      .executeTakeFirstOrThrow();
    const data = { ...JSON.parse(row.data), email: ` ${email.toUpperCase()}  ` };
    await t.ctx.db
      .updateTable("enrollment_steps")
      .set({ data: JSON.stringify(data) })
      .where("file_id", "=", holder.fileId)
      .where("step", "=", "secondRepresentative")
      .execute();

    const family = await signedInAs(t, "User");
    const fileId = await completeFile(t, family.cookie);
    const saved = await saveEmail(family.cookie, fileId, "firstRepresentative", email);
    expect(saved.json().emailGivenByAnotherFamily).toBe(true);
  });

  it("counts only files sent to the school: another family's draft is not looked at", async () => {
    const email = uniqueEmail("draft");
    const drafting = await signedInAs(t, "User");
    const draftId = await completeFile(t, drafting.cookie);
    expect(
      (await saveEmail(drafting.cookie, draftId, "firstRepresentative", email)).json().emailGivenByAnotherFamily,
    ).toBe(false);
    const family = await signedInAs(t, "User");
    const fileId = await completeFile(t, family.cookie);
    const saved = await saveEmail(family.cookie, fileId, "firstRepresentative", email);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().emailGivenByAnotherFamily).toBe(false);
  });
});

describe("the family's own e-mails", () => {
  it("never warn: the same family's other child, and the household's second parent, are one family", async () => {
    const email = uniqueEmail("household");
    const owner = await sentFile(t, { rep1Email: email });
    // The same account, another child.
    const sibling = await completeFile(t, owner.family.cookie);
    const again = await saveEmail(owner.family.cookie, sibling, "firstRepresentative", email);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().emailGivenByAnotherFamily).toBe(false);
    // The household's second parent, on a child it starts for the family.
    const second = await joinHousehold(owner.family.cookie);
    const fileId = await completeFile(t, second.cookie);
    // (Its first representative's e-mail, the tests' usual one, made this family's own.)
    await saveEmail(second.cookie, fileId, "firstRepresentative", uniqueEmail("own"));
    const saved = await saveEmail(second.cookie, fileId, "secondRepresentative", email.toUpperCase());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().emailGivenByAnotherFamily).toBe(false);
    const sent = await call(t, { method: "POST", url: `/api/enrollment/files/${fileId}/send`, cookie: second.cookie });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await checksAs("Secretaria", (await requestOf(owner.fileId)).id)).sharedEmails).toEqual([]);
    expect((await checksAs("Secretaria", (await requestOf(fileId)).id)).sharedEmails).toEqual([]);
  });
});

describe("bad input", () => {
  it("is refused as before, in the family's language, and warns of nothing", async () => {
    const family = await signedInAs(t, "User", { language: "en" });
    const fileId = await completeFile(t, family.cookie);
    const refused = await saveEmail(family.cookie, fileId, "firstRepresentative", "not an e-mail");
    expect(refused.statusCode).toBe(400);
    const error = errorOf(refused);
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(Object.keys(error.fields ?? {})).toContain("email");
    expect(refused.json()).not.toHaveProperty("emailGivenByAnotherFamily");
    const wrongType = await call(t, {
      method: "PUT",
      url: stepUrl(fileId, "firstRepresentative"),
      cookie: family.cookie,
      payload: { email: { $ne: "" } },
    });
    expect(wrongType.statusCode).toBe(400);
  });
});

describe("the lookups", () => {
  /** The engine's plan of a compiled query, as one text. */
  async function planOf(query: { compile: () => CompiledQuery }): Promise<string> {
    const compiled = query.compile();
    const explain = t.ctx.engine === "postgres" ? "EXPLAIN " : "EXPLAIN QUERY PLAN ";
    return t.ctx.db.connection().execute(async (connection) => {
      // PostgreSQL would rightly scan the few rows of a test database: asked to avoid scans, it
      // shows whether the index can serve the query at all.
      if (t.ctx.engine === "postgres") await sql`set enable_seqscan = off`.execute(connection);
      try {
        const result = await connection.executeQuery(
          CompiledQuery.raw(explain + compiled.sql, [...compiled.parameters]),
        );
        return JSON.stringify(result.rows);
      } finally {
        if (t.ctx.engine === "postgres") await sql`reset enable_seqscan`.execute(connection);
      }
    });
  }

  it("read the representatives' e-mails through their index, on the save and on the request page", async () => {
    const save = await planOf(emailUseQuery(t.ctx.db, t.ctx.engine, "someone@example.ec", 1));
    expect(save).toContain("enrollment_steps_representative_email");
    const page = await planOf(sharedEmailsQuery(t.ctx.db, t.ctx.engine, 1, 1));
    expect(page).toContain("enrollment_steps_representative_email");
  });
});
