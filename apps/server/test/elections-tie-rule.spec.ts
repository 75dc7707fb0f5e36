import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminElection,
  endWindowNow,
  insertOwnYear,
  openWindowNow,
  parentWithRequest,
  scheduledElection,
  vote,
} from "./support/elections.ts";
import { flat, readPdfText } from "./support/pdf-text.ts";
import { call, createTestApp, downloadLikeABrowser, signedInAs, type TestApp } from "./support/test-app.ts";

/** The legal tie rule (docs/rules/elections.md, the count): the oldest candidate in line. */

let t: TestApp;
let admin: string;
let yearId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInAs(t, "Admin")).cookie;
  yearId = await insertOwnYear(t, "ties");
});
afterAll(() => t.close());

const saveList = (listId: number, candidates: { userId: number; birthDate?: string }[]) =>
  call(t, {
    method: "PUT",
    url: `/api/settings/election-lists/${listId}/candidates`,
    cookie: admin,
    payload: { candidates },
  });

/** The representative step of the account's household's file, as the wizard saves it. */
async function recordBirthDate(userId: number, birthDate: string): Promise<void> {
  const user = await t.ctx.db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirstOrThrow();
  const file = await t.ctx.db
    .selectFrom("enrollment_files as f")
    .innerJoin("students as s", "s.id", "f.student_id")
    .select("f.id")
    .where("s.family_user_id", "=", userId)
    .executeTakeFirstOrThrow();
  await t.ctx.db
    .insertInto("enrollment_steps")
    .values({
      file_id: file.id,
      step: "firstRepresentative",
      data: JSON.stringify({ email: user.email.toUpperCase(), birthDate }),
      completed_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    })
    .execute();
}

describe("an exact tie", () => {
  it("goes to the list whose candidate in line is the oldest, dates from the Admin or the representative's record", async () => {
    // 3 seats, 2 + 2 votes: each list 1 seat by quota, remainders equal; the third seat is tied.
    const election = await scheduledElection(t, admin, yearId, { seats: 3, lists: [3, 3] });
    const [a, b] = election.lists as [{ id: number; candidates: number[] }, { id: number; candidates: number[] }];
    // List B's second candidate (the one in line) is the older, one from the record, one typed.
    await recordBirthDate(b.candidates[1]!, "1975-01-10");
    expect(
      (
        await saveList(
          b.id,
          b.candidates.map((userId) => ({ userId })),
        )
      ).statusCode,
    ).toBe(200);
    const saved = await saveList(
      a.id,
      a.candidates.map((userId, i) => (i === 1 ? { userId, birthDate: "1980-05-01" } : { userId })),
    );
    expect(saved.statusCode).toBe(200);
    const view = await adminElection(t, admin, election.id);
    const dates = view.lists.map((l: { candidates: { birthDate: string | null }[] }) =>
      l.candidates.map((c) => c.birthDate),
    );
    expect(dates).toEqual([
      [null, "1980-05-01", null],
      [null, "1975-01-10", null],
    ]);
    // On the register before the poll opens (it is frozen then).
    const voters = [];
    for (let i = 0; i < 4; i++) voters.push(await parentWithRequest(t, yearId));
    await openWindowNow(t, election.id);
    for (const [i, listId] of [a.id, a.id, b.id, b.id].entries()) {
      expect((await vote(t, await voters[i]!.cookie(), election.id, listId)).statusCode).toBe(201);
    }
    // Families never see the candidates' birth dates.
    const family = await (await parentWithRequest(t, yearId)).cookie();
    const page = await call(t, { method: "GET", url: `/api/elections/${election.id}`, cookie: family });
    expect(page.json().lists[1].candidates[1].birthDate).toBeNull();
    await endWindowNow(t, election.id);
    const result = (
      await call(t, { method: "GET", url: `/api/settings/elections/${election.id}/result`, cookie: admin })
    ).json();
    expect(result.lists.map((l: { id: number; seats: number }) => [l.id, l.seats])).toEqual([
      [a.id, 1],
      [b.id, 2],
    ]);
    expect(result.tieBreaks).toEqual([{ lists: [b.id, a.id], winners: [b.id], rule: "age" }]);
    // The minutes name the rule that decided.
    const minutes = await downloadLikeABrowser(t, {
      method: "GET",
      url: `/api/settings/elections/${election.id}/minutes?language=en`,
      cookie: admin,
    });
    expect(minutes.statusCode).toBe(200);
    expect(flat((await readPdfText(minutes.rawPayload)).text)).toContain(
      "Lista 2 wins, its candidate in line being the oldest (arrêté du 13 mai 1985, art. 1)",
    );
  });

  it("refuses a birth date in the future or malformed", async () => {
    const election = await scheduledElection(t, admin, yearId);
    const list = election.lists[0]!;
    for (const birthDate of ["2999-01-01", "1980-13-01", "01/02/1980"]) {
      const bad = await saveList(list.id, [
        { userId: list.candidates[0]!, birthDate },
        { userId: list.candidates[1]! },
      ]);
      expect(bad.statusCode, birthDate).toBe(400);
    }
  });
});
