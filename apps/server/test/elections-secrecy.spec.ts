import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  endWindowNow,
  insertOwnYear,
  openWindowNow,
  parentWithRequest,
  scheduledElection,
  vote,
} from "./support/elections.ts";
import { call, createTestApp, signedInAs, type TestApp } from "./support/test-app.ts";

/** The secret ballot (docs/rules/elections.md "The secret ballot"), on the run's engine. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function columnsOf(table: string): Promise<string[]> {
  const tables = await t.ctx.db.introspection.getTables();
  return (tables.find((candidate) => candidate.name === table)?.columns.map((column) => column.name) ?? []).sort();
}

describe("the ballot box cannot be joined to the register", () => {
  it("holds the choice and the receipt only: no voter, no time, no serial id", async () => {
    expect(await columnsOf("election_ballots")).toEqual(["election_id", "is_test", "list_id", "receipt_code"]);
    expect(await columnsOf("election_register")).toEqual(["election_id", "user_id", "voted_at"]);
    // The only column the two share is the election: the one thing both say openly.
    const register = new Set(await columnsOf("election_register"));
    expect((await columnsOf("election_ballots")).filter((c) => register.has(c))).toEqual(["election_id"]);
    // A ballot waiting for its batch: a random id and the sealed ballot (docs/elections.md "The
    // ballot box during the poll").
    expect(await columnsOf("election_pending_ballots")).toEqual(["election_id", "id", "sealed"]);
  });

  it.runIf(process.env.DB_ENGINE !== "postgres")(
    "has no rowid in insertion order on SQLite (WITHOUT ROWID)",
    async () => {
      await expect(sql`select rowid from election_ballots`.execute(t.ctx.db)).rejects.toThrow(/rowid/);
      await expect(sql`select rowid from election_register`.execute(t.ctx.db)).rejects.toThrow(/rowid/);
      await expect(sql`select rowid from election_pending_ballots`.execute(t.ctx.db)).rejects.toThrow(/rowid/);
    },
  );

  it("no source file queries both tables", () => {
    const root = path.resolve(import.meta.dirname, "../src");
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (full.endsWith(".ts")) {
          const text = fs.readFileSync(full, "utf8");
          if (text.includes("election_ballots") && text.includes("election_register"))
            offenders.push(path.relative(root, full));
        }
      }
    };
    walk(root);
    // The schema's declarations only: the migration that creates them, the table types, and "My
    // data"'s list of which tables it exports (the register) and which it never reads (the box).
    expect(offenders.sort()).toEqual([
      "db/migrations/0020_elections.ts",
      "db/types.ts",
      "modules/data-export/data-export-tables.ts",
    ]);
  });

  it("after publication the ballots carry neither the votes' order nor their transactions", async () => {
    const admin = (await signedInAs(t, "Admin")).cookie;
    const yearId = await insertOwnYear(t, "secrecy");
    const election = await scheduledElection(t, admin, yearId);
    // On the register before the poll opens (it is frozen then).
    const voters = [];
    for (let i = 0; i < 6; i++) voters.push(await parentWithRequest(t, yearId));
    await openWindowNow(t, election.id);
    const receipts: string[] = [];
    for (let i = 0; i < 6; i++) {
      const cookie = await voters[i]!.cookie();
      const answer = await vote(t, cookie, election.id, i % 3 === 2 ? null : election.lists[i % 2]!.id);
      expect(answer.statusCode).toBe(201);
      receipts.push(answer.json().receiptCode);
    }
    await endWindowNow(t, election.id);
    const version = (await call(t, { method: "GET", url: "/api/settings/elections", cookie: admin }))
      .json()
      .items.find((e: { id: number }) => e.id === election.id).version;
    const published = await call(t, {
      method: "POST",
      url: `/api/settings/elections/${election.id}/publish`,
      cookie: admin,
      payload: { version },
    });
    expect(published.statusCode).toBe(200);
    // A plain scan returns the ballots in an order unrelated to the votes: the random receipt
    // codes' on SQLite (WITHOUT ROWID), the last shuffle's on PostgreSQL (docs/elections.md "The
    // ballot box during the poll"; elections-poll-disk-secrecy.spec.ts measures it).
    const scanned = await sql<{
      receipt_code: string;
    }>`select receipt_code from election_ballots where election_id = ${election.id}`.execute(t.ctx.db);
    const codes = scanned.rows.map((r) => r.receipt_code);
    expect(t.ctx.engine === "sqlite" ? codes : [...codes].sort()).toEqual([...receipts].sort());
    if (t.ctx.engine === "postgres") {
      const xmins = await sql<{
        n: string;
      }>`select count(distinct xmin::text) as n from election_ballots where election_id = ${election.id}`.execute(
        t.ctx.db,
      );
      expect(Number(xmins.rows[0]?.n)).toBe(1);
      const registerXmins = await sql<{
        x: string;
      }>`select xmin::text as x from election_register where election_id = ${election.id}`.execute(t.ctx.db);
      const ballotXmin = await sql<{
        x: string;
      }>`select xmin::text as x from election_ballots where election_id = ${election.id} limit 1`.execute(t.ctx.db);
      expect(registerXmins.rows.map((r) => r.x)).not.toContain(ballotXmin.rows[0]?.x);
    }
  });
});
