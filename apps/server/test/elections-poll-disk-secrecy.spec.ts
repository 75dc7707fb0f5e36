import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSecretBox } from "../src/lib/secret-box.ts";
import { BALLOT_BATCH, batchesSettled } from "../src/modules/elections/ballot-batches.ts";
import {
  adminElection,
  endWindowNow,
  insertOwnYear,
  openWindowNow,
  parentWithRequest,
  type SetUp,
  scheduledElection,
  vote,
} from "./support/elections.ts";
import { createOwnDatabase, type OwnDatabase } from "./support/own-database.ts";
import { call, createTestApp, signedInAs, type TestApp } from "./support/test-app.ts";

/**
 * The secret ballot on disk DURING the poll (docs/elections.md "The ballot box during the poll"):
 * the test is an attacker with a copy of the data folder (SQLite: `portal.sqlite` and its
 * `-wal`, read as bytes) or of the database (PostgreSQL: the rows with `xmin` and `ctid`), without
 * the server's key. It knows the order in which people voted (the register's order), recovers an
 * order of the ballots from the files or the system columns, and checks the two do not line up
 * beyond chance — after a few votes (all still waiting for their batch), after several batches,
 * and after publication. A database of its own: no other spec's writes in the files.
 */

const VOTERS = 6 * BALLOT_BATCH;
const FIRST = Math.floor(BALLOT_BATCH / 2);
/**
 * Spearman's rho of two unrelated orders of 60 is close to normal with a standard deviation of
 * 1/√59 ≈ 0.130: |rho| ≥ 0.65 is 4.99 of them, a chance of 6 in 10 million (two-sided) that an
 * unrelated order fails the test. Votes kept in order, or batches kept in order with each batch
 * shuffled, give above 0.97.
 */
const CHANCE = 0.65;

let own: OwnDatabase;
let t: TestApp;
let admin: string;
let election: SetUp;
/** The receipts in the order their voters voted (the register's order). */
const receipts: string[] = [];
const voters: Awaited<ReturnType<typeof parentWithRequest>>[] = [];

async function castUpTo(count: number): Promise<void> {
  for (let i = receipts.length; i < count; i++) {
    const cast = await vote(t, await voters[i]!.cookie(), election.id, election.lists[i % 2]!.id);
    expect(cast.statusCode).toBe(201);
    receipts.push(cast.json().receiptCode);
  }
  // A batch runs once the vote is answered, beside the requests: the attacker's copy is taken after it.
  await batchesSettled(t.ctx);
}

beforeAll(async () => {
  own = await createOwnDatabase("poll-disk-secrecy");
  t = await createTestApp(own.env);
  admin = (await signedInAs(t, "Admin")).cookie;
  const yearId = await insertOwnYear(t, "poll-disk-secrecy");
  election = await scheduledElection(t, admin, yearId);
  for (let i = 0; i < VOTERS; i++) voters.push(await parentWithRequest(t, yearId));
  await openWindowNow(t, election.id);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await own?.drop();
});

/** Spearman's rank correlation between the vote order and a recovered order of the same receipts. */
function rho(recovered: string[]): number {
  const cast = receipts.slice(0, recovered.length);
  const n = cast.length;
  const rank = new Map(recovered.map((code, i) => [code, i]));
  let sum = 0;
  for (const [i, code] of cast.entries()) sum += (i - (rank.get(code) as number)) ** 2;
  return 1 - (6 * sum) / (n * (n * n - 1));
}

const sqliteFile = () => path.join(own.dataDir, "portal.sqlite");
const walBytes = () =>
  fs.existsSync(`${sqliteFile()}-wal`) ? fs.readFileSync(`${sqliteFile()}-wal`) : Buffer.alloc(0);

/** SQLite: each receipt once in the database file; their order by offset. */
function orderInFile(): string[] {
  const main = fs.readFileSync(sqliteFile()).toString("latin1");
  const offsets = new Map<string, number>();
  for (const code of receipts) {
    const first = main.indexOf(code);
    expect(first, code).toBeGreaterThanOrEqual(0);
    expect(main.indexOf(code, first + 1), code).toBe(-1);
    offsets.set(code, first);
  }
  return [...receipts].sort((a, b) => offsets.get(a)! - offsets.get(b)!);
}

/** PostgreSQL: the ballots' transaction ids, and their order by physical place (ctid). */
async function systemColumns() {
  const rows = (
    await sql<{ ctid: string; xmin: string; receipt_code: string }>`
      select ctid::text as ctid, xmin::text as xmin, receipt_code from election_ballots
      where election_id = ${election.id}`.execute(t.ctx.db)
  ).rows;
  const place = (ctid: string) => ctid.slice(1, -1).split(",").map(Number) as [number, number];
  const physical = [...rows]
    .sort((a, b) => place(a.ctid)[0] - place(b.ctid)[0] || place(a.ctid)[1] - place(b.ctid)[1])
    .map((row) => row.receipt_code);
  const register = (
    await sql<{
      xmin: string;
    }>`select xmin::text as xmin from election_register where election_id = ${election.id}`.execute(t.ctx.db)
  ).rows.map((row) => row.xmin);
  return { xmins: new Set(rows.map((row) => row.xmin)), physical, register: new Set(register) };
}

const pendingRows = () =>
  t.ctx.db.selectFrom("election_pending_ballots").selectAll().where("election_id", "=", election.id).execute();
const storedCount = async () =>
  (
    await t.ctx.db
      .selectFrom("election_ballots")
      .select("receipt_code")
      .where("election_id", "=", election.id)
      .execute()
  ).length;

/** After a batch or the publication: what a copy shows of the box. */
async function expectBoxUnlinkable(walEmpty: boolean): Promise<void> {
  expect(await storedCount()).toBe(receipts.length);
  if (t.ctx.engine === "sqlite") {
    // The WAL kept the votes' commits in order: emptied at each batch and at publication (the
    // results' e-mails are written after it, hence only "no ballot in it" then).
    if (walEmpty) expect(walBytes().length).toBe(0);
    const wal = walBytes().toString("latin1");
    for (const code of receipts) expect(wal.includes(code), code).toBe(false);
    expect(Math.abs(rho(orderInFile()))).toBeLessThan(CHANCE);
  } else {
    const { xmins, physical, register } = await systemColumns();
    // The whole box rewritten in one transaction: one id, that of no vote.
    expect(xmins.size).toBe(1);
    expect(register.has([...xmins][0]!)).toBe(false);
    expect(Math.abs(rho(physical))).toBeLessThan(CHANCE);
  }
}

describe("during the poll, an attacker with a copy of the data and without the key", () => {
  it("finds the first votes' ballots only sealed, one length, opening with no other key", async () => {
    await castUpTo(FIRST);
    expect(await storedCount()).toBe(0);
    const rows = await pendingRows();
    expect(rows).toHaveLength(FIRST);
    // A blank vote or a longer list id would show in a longer ciphertext: all are padded alike.
    expect(new Set(rows.map((row) => row.sealed.length)).size).toBe(1);
    const otherKey = createSecretBox(randomBytes(32));
    for (const row of rows) {
      expect(row.sealed.startsWith("enc1:")).toBe(true);
      expect(() => otherKey.open(row.sealed, `election-ballot:${election.id}:${row.id}`)).toThrow();
    }
    if (t.ctx.engine === "sqlite") {
      const files = Buffer.concat([fs.readFileSync(sqliteFile()), walBytes()]).toString("latin1");
      for (const code of receipts) expect(files.includes(code), code).toBe(false);
    }
  });

  it("after several batches finds each ballot once, the WAL empty, in an order unrelated to the votes", async () => {
    await castUpTo(VOTERS);
    expect(await pendingRows()).toHaveLength(0);
    await expectBoxUnlinkable(true);
  }, 60_000);

  it("after publication, the same", async () => {
    await endWindowNow(t, election.id);
    const version = (await adminElection(t, admin, election.id)).version;
    const published = await call(t, {
      method: "POST",
      url: `/api/settings/elections/${election.id}/publish`,
      cookie: admin,
      payload: { version },
    });
    expect(published.statusCode).toBe(200);
    const result = await call(t, {
      method: "GET",
      url: `/api/settings/elections/${election.id}/result`,
      cookie: admin,
    });
    expect(result.json().lists.map((list: { votes: number }) => list.votes)).toEqual([VOTERS / 2, VOTERS / 2]);
    await expectBoxUnlinkable(false);
  });
});
