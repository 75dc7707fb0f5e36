import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgeElectionRegisters } from "../src/modules/elections/register-purge.ts";
import {
  adminElection,
  electionBody,
  insertOwnYear,
  openWindowNow,
  parentWithRequest,
  scheduledElection,
  secondParent,
  vote,
} from "./support/elections.ts";
import { call, createTestApp, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

/** Who may vote, per election, and the register frozen at the opening (docs/elections.md "The electorate"). */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInAs(t, "Admin")).cookie;
});
afterAll(() => t.close());

async function setElectorate(id: number, yearId: number, electorate: Record<string, unknown>) {
  const current = await adminElection(t, admin, id);
  return call(t, {
    method: "PUT",
    url: `/api/settings/elections/${id}`,
    cookie: admin,
    payload: {
      ...electionBody(yearId),
      candidacyDeadline: current.candidacyDeadline,
      opensAt: current.opensAt,
      closesAt: current.closesAt,
      version: current.version,
      ...electorate,
    },
  });
}

async function setStatus(userId: number, status: string) {
  const students = t.ctx.db.selectFrom("students").select("id").where("family_user_id", "=", userId);
  const files = t.ctx.db.selectFrom("enrollment_files").select("id").where("student_id", "in", students);
  await t.ctx.db.updateTable("requests").set({ request_status: status }).where("file_id", "in", files).execute();
}

async function registerFile(id: number, format: "csv" | "xlsx") {
  return call(t, { method: "GET", url: `/api/settings/elections/${id}/register?format=${format}`, cookie: admin });
}

async function xlsxRows(body: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? "")));
  });
  return rows;
}

describe("the electorate per election", () => {
  it("defaults to the accepted requests, every level, and says so in the view", async () => {
    const yearId = await insertOwnYear(t, "electorate-default");
    const created = await call(t, {
      method: "POST",
      url: "/api/settings/elections",
      cookie: admin,
      payload: electionBody(yearId),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().electorate).toEqual({
      statuses: ["Accepted", "Validated", "Confirmed", "Finished"],
      levels: [],
      frozenAt: null,
    });
  });

  it("follows the chosen statuses and levels: the candidates' search and the vote agree", async () => {
    const yearId = await insertOwnYear(t, "electorate-chosen");
    const election = await scheduledElection(t, admin, yearId);
    const untreated = await parentWithRequest(t, yearId, { status: "Untreated" });
    const accepted = await parentWithRequest(t, yearId);
    const saved = await setElectorate(election.id, yearId, {
      electorateStatuses: ["Untreated"],
      electorateLevels: ["CM1"],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().electorate).toMatchObject({ statuses: ["Untreated"], levels: ["CM1"] });
    const found = await call(t, {
      method: "GET",
      url: `/api/settings/elections/${election.id}/eligible`,
      cookie: admin,
    });
    const ids = found.json().items.map((item: { userId: number }) => item.userId);
    expect(ids).toContain(untreated.id);
    expect(ids).not.toContain(accepted.id);
    // A level the requests are not for: nobody.
    expect((await setElectorate(election.id, yearId, { electorateLevels: ["TLE"] })).statusCode).toBe(200);
    const none = await call(t, {
      method: "GET",
      url: `/api/settings/elections/${election.id}/eligible`,
      cookie: admin,
    });
    expect(none.json().items).toEqual([]);
    // Empty levels: every level again; statuses unchanged when left out.
    const every = await setElectorate(election.id, yearId, { electorateLevels: [] });
    expect(every.json().electorate).toMatchObject({ statuses: ["Untreated"], levels: [] });
    await openWindowNow(t, election.id);
    expect((await vote(t, await untreated.cookie(), election.id, election.lists[0]!.id)).statusCode).toBe(201);
    const refused = await vote(t, await accepted.cookie(), election.id, election.lists[0]!.id);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe("ELECTION_NOT_ELIGIBLE");
  });

  it("refuses unknown statuses and levels in the user's language, and an empty status list", async () => {
    const yearId = await insertOwnYear(t, "electorate-bad");
    const election = await scheduledElection(t, admin, yearId);
    const bad = await setElectorate(election.id, yearId, { electorateStatuses: ["Elected"] });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(bad).fields)).toContain("electorateStatuses");
    expect(JSON.stringify(errorOf(bad).fields)).toContain("Elija una opción de la lista");
    const empty = await setElectorate(election.id, yearId, { electorateStatuses: [] });
    expect(empty.statusCode).toBe(400);
    const level = await setElectorate(election.id, yearId, { electorateLevels: ["13E"] });
    expect(level.statusCode).toBe(400);
    const current = await adminElection(t, admin, election.id);
    const inEnglish = await call(t, {
      method: "PUT",
      url: `/api/settings/elections/${election.id}`,
      cookie: (await signedInAs(t, "Admin", { language: "en" })).cookie,
      payload: { ...electionBody(yearId), version: current.version, electorateStatuses: "Accepted" },
    });
    expect(inEnglish.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(inEnglish).fields)).toContain("The value does not have the expected format");
  });
});

describe("the register frozen at the opening", () => {
  it("keeps its people whatever their requests do during the poll", async () => {
    const yearId = await insertOwnYear(t, "electorate-frozen");
    const election = await scheduledElection(t, admin, yearId);
    const stays = await parentWithRequest(t, yearId);
    const late = await parentWithRequest(t, yearId, { status: "Untreated" });
    await openWindowNow(t, election.id);
    // Nobody read it yet: the minute job freezes it.
    await purgeElectionRegisters(t.ctx);
    const frozen = await t.ctx.db
      .selectFrom("election_electorate")
      .select("user_id")
      .where("election_id", "=", election.id)
      .execute();
    const ids = frozen.map((row) => row.user_id);
    expect(ids).toContain(stays.id);
    expect(ids).not.toContain(late.id);
    expect((await adminElection(t, admin, election.id)).electorate.frozenAt).not.toBeNull();
    const before = (
      await call(t, { method: "GET", url: `/api/settings/elections/${election.id}/turnout`, cookie: admin })
    ).json();

    // During the poll: one family's request is refused, the other's accepted. Neither changes the register.
    await setStatus(stays.id, "Refused");
    await setStatus(late.id, "Accepted");
    expect((await vote(t, await stays.cookie(), election.id, election.lists[0]!.id)).statusCode).toBe(201);
    const refused = await vote(t, await late.cookie(), election.id, election.lists[0]!.id);
    expect(refused.statusCode).toBe(403);
    const page = (
      await call(t, { method: "GET", url: `/api/elections/${election.id}`, cookie: await late.cookie() })
    ).json();
    expect(page.myVote.eligible).toBe(false);
    const after = (
      await call(t, { method: "GET", url: `/api/settings/elections/${election.id}/turnout`, cookie: admin })
    ).json();
    expect(after.registeredVoters).toBe(before.registeredVoters);
    expect(after.voters).toBe(1);
    // Frozen once: a second job run writes nothing more.
    await purgeElectionRegisters(t.ctx);
    const again = await t.ctx.db
      .selectFrom("election_electorate")
      .select("user_id")
      .where("election_id", "=", election.id)
      .execute();
    expect(again.length).toBe(frozen.length);
    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .select("details")
      .where("event", "=", "election.registerFrozen")
      .execute();
    expect(audit.filter((row) => JSON.parse(String(row.details)).electionId === election.id)).toHaveLength(1);
  });

  it("holds households: a second parent who makes an account during the poll votes; another household does not", async () => {
    const yearId = await insertOwnYear(t, "electorate-households");
    const election = await scheduledElection(t, admin, yearId);
    const household = await parentWithRequest(t, yearId);
    await openWindowNow(t, election.id);
    await purgeElectionRegisters(t.ctx);
    const before = (
      await call(t, { method: "GET", url: `/api/settings/elections/${election.id}/turnout`, cookie: admin })
    ).json();
    // Invited from the election's page, the other parent joins the household now.
    const joined = await secondParent(t, household.id);
    expect((await vote(t, await joined.cookie(), election.id, null)).statusCode).toBe(201);
    expect((await vote(t, await household.cookie(), election.id, null)).statusCode).toBe(201);
    const after = (
      await call(t, { method: "GET", url: `/api/settings/elections/${election.id}/turnout`, cookie: admin })
    ).json();
    expect(after).toMatchObject({ registeredVoters: before.registeredVoters + 1, voters: 2 });
    // A household accepted during the poll, and its second parent, stay off the register.
    const late = await parentWithRequest(t, yearId);
    const lateSecond = await secondParent(t, late.id);
    expect((await vote(t, await late.cookie(), election.id, null)).statusCode).toBe(403);
    expect((await vote(t, await lateSecond.cookie(), election.id, null)).statusCode).toBe(403);
  });

  it("is frozen by the first vote after the opening when the job has not run", async () => {
    const yearId = await insertOwnYear(t, "electorate-first-vote");
    const election = await scheduledElection(t, admin, yearId);
    const voter = await parentWithRequest(t, yearId);
    await openWindowNow(t, election.id);
    expect((await vote(t, await voter.cookie(), election.id, null)).statusCode).toBe(201);
    const row = await t.ctx.db
      .selectFrom("elections")
      .select("register_frozen_at")
      .where("id", "=", election.id)
      .executeTakeFirstOrThrow();
    expect(row.register_frozen_at).not.toBeNull();
  });
});

describe("the register's export for posting", () => {
  it("gives names only, in CSV and XLSX, audited; test accounts left out", async () => {
    const yearId = await insertOwnYear(t, "electorate-export");
    const election = await scheduledElection(t, admin, yearId, { lists: [2] });
    const voter = await parentWithRequest(t, yearId);
    await t.ctx.db
      .updateTable("users")
      .set({ names: "=Ana", first_surname: "Zúñiga", second_surname: "Pérez" })
      .where("id", "=", voter.id)
      .execute();
    const tester = await parentWithRequest(t, yearId, { role: "Prueba" });
    await t.ctx.db.updateTable("users").set({ first_surname: "Probador" }).where("id", "=", tester.id).execute();
    const csv = await registerFile(election.id, "csv");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/text\/csv/);
    expect(csv.headers["content-disposition"]).toMatch(/attachment/);
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe('"Apellidos";"Nombres"');
    // Two candidates and the voter; the formula guard on a name typed as one.
    expect(lines).toHaveLength(4);
    expect(lines.at(-1)).toBe(`"Zúñiga Pérez";"'=Ana"`);
    expect(csv.body).not.toMatch(/@/);
    expect(csv.body).not.toContain("Probador");

    await openWindowNow(t, election.id);
    const xlsx = await registerFile(election.id, "xlsx");
    expect(xlsx.statusCode).toBe(200);
    const rows = await xlsxRows(xlsx.rawPayload);
    expect(rows[0]).toEqual(["Apellidos", "Nombres"]);
    expect(rows).toHaveLength(4);
    // XLSX: a text cell as typed (never run as a formula), the CSV's apostrophe not added.
    expect(rows.at(-1)).toEqual(["Zúñiga Pérez", "=Ana"]);
    const audit = await t.ctx.db
      .selectFrom("audit_events")
      .select("details")
      .where("event", "=", "election.registerExported")
      .execute();
    const mine = audit.map((row) => JSON.parse(String(row.details))).filter((d) => d.electionId === election.id);
    expect(mine.map((d) => [d.format, d.names, d.frozen])).toEqual([
      ["csv", 3, false],
      ["xlsx", 3, true],
    ]);
  });

  it("refuses a missing or unknown format, and families", async () => {
    const yearId = await insertOwnYear(t, "electorate-export-bad");
    const election = await scheduledElection(t, admin, yearId);
    const none = await call(t, {
      method: "GET",
      url: `/api/settings/elections/${election.id}/register`,
      cookie: admin,
    });
    expect(none.statusCode).toBe(400);
    expect((await registerFile(election.id, "pdf" as "csv")).statusCode).toBe(400);
    const family = await parentWithRequest(t, yearId);
    const refused = await call(t, {
      method: "GET",
      url: `/api/settings/elections/${election.id}/register?format=csv`,
      cookie: await family.cookie(),
    });
    expect(refused.statusCode).toBe(403);
    expect((await registerFile(999_999, "csv")).statusCode).toBe(404);
  });
});
