import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
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
import { call, createTestApp, signedInAs, type TestApp } from "./support/test-app.ts";

/**
 * The secret ballot on disk (docs/rules/elections.md "The secret ballot"): the test acts as an
 * attacker with a copy of the data folder (SQLite) or the database (PostgreSQL) after publication.
 * It knows the order in which people voted (the register says who, and its times when), recovers
 * an order of the ballots from the files or the system columns, and checks the two do not line up
 * beyond chance.
 */

const VOTERS = 50;
/**
 * Spearman's rho of two unrelated orders of 50 has a standard deviation of 1/√49 ≈ 0.14: beyond
 * 0.5 is 3.5 of them (chance about 1 in 2,000); an order kept by the files gives 1.
 */
const CHANCE = 0.5;

let t: TestApp;
let admin: string;
let electionId: number;
/** The receipts in the order their voters voted (the register's order). */
const receipts: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInAs(t, "Admin")).cookie;
  const yearId = await insertOwnYear(t, "disk-secrecy");
  const election = await scheduledElection(t, admin, yearId);
  electionId = election.id;
  // On the register before the poll opens (it is frozen then: docs/elections.md "The electorate").
  const voters = [];
  for (let i = 0; i < VOTERS; i++) voters.push(await parentWithRequest(t, yearId));
  await openWindowNow(t, electionId);
  for (let i = 0; i < VOTERS; i++) {
    const cast = await vote(t, await voters[i]!.cookie(), electionId, election.lists[i % 2]!.id);
    expect(cast.statusCode).toBe(201);
    receipts.push(cast.json().receiptCode);
  }
  await endWindowNow(t, electionId);
  const version = (await adminElection(t, admin, electionId)).version;
  const published = await call(t, {
    method: "POST",
    url: `/api/settings/elections/${electionId}/publish`,
    cookie: admin,
    payload: { version },
  });
  expect(published.statusCode).toBe(200);
}, 120_000);
afterAll(() => t.close());

/** Spearman's rank correlation between the vote order and a recovered order of the same receipts. */
function rho(recovered: string[]): number {
  const n = receipts.length;
  const rank = new Map(recovered.map((code, i) => [code, i]));
  let sum = 0;
  for (const [i, code] of receipts.entries()) sum += (i - (rank.get(code) as number)) ** 2;
  return 1 - (6 * sum) / (n * (n * n - 1));
}

describe("after publication, an attacker with a copy", () => {
  it.runIf(process.env.DB_ENGINE !== "postgres")(
    "of the SQLite data folder finds each ballot once, none in the WAL, in an order unrelated to the votes",
    () => {
      const file = path.join(t.ctx.config.dataDir, "portal.sqlite");
      const wal = fs.existsSync(`${file}-wal`) ? fs.readFileSync(`${file}-wal`).toString("latin1") : "";
      const main = fs.readFileSync(file).toString("latin1");
      // The write-ahead log kept every vote's commit in order: emptied at publication.
      for (const code of receipts) expect(wal.includes(code), code).toBe(false);
      // secure_delete: no stale copy of a ballot (in vote order) is left in the pages' free space.
      const offsets = receipts.map((code) => {
        const first = main.indexOf(code);
        expect(first, code).toBeGreaterThanOrEqual(0);
        expect(main.indexOf(code, first + 1), code).toBe(-1);
        return first;
      });
      const physical = [...receipts].sort((a, b) => offsets[receipts.indexOf(a)]! - offsets[receipts.indexOf(b)]!);
      expect(Math.abs(rho(physical))).toBeLessThan(CHANCE);
    },
  );

  it.runIf(process.env.DB_ENGINE === "postgres")(
    "of the PostgreSQL database finds one transaction id and a physical order unrelated to the votes",
    async () => {
      const rows = await sql<{ ctid: string; xmin: string; receipt_code: string }>`
        select ctid::text as ctid, xmin::text as xmin, receipt_code from election_ballots
        where election_id = ${electionId}`.execute(t.ctx.db);
      expect(rows.rows).toHaveLength(VOTERS);
      expect(new Set(rows.rows.map((row) => row.xmin)).size).toBe(1);
      const place = (ctid: string) => ctid.slice(1, -1).split(",").map(Number) as [number, number];
      const physical = [...rows.rows]
        .sort((a, b) => place(a.ctid)[0] - place(b.ctid)[0] || place(a.ctid)[1] - place(b.ctid)[1])
        .map((row) => row.receipt_code);
      expect(Math.abs(rho(physical))).toBeLessThan(CHANCE);
    },
  );
});
