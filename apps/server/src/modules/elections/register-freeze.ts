import type { AppContext } from "../../context.ts";
import { nowIso, writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { electionOr404 } from "./election-guards.ts";
import type { ElectionRow } from "./elections.repository.ts";
import { electorateOf, liveVoters } from "./eligibility.repository.ts";

/*
 * The register is frozen when the poll opens (docs/elections.md "The electorate"): its households
 * (each by its first account) are stored in election_electorate and read from there afterwards, so
 * a family whose request changes status during the poll neither gains nor loses the vote; the
 * voters are those households' representatives' accounts (eligibility.repository.ts). The opening is a time, not an action:
 * the freeze is done by the first thing that needs the register after it (a vote, a family's page,
 * the turnout, the count, the export) and by the elections' minute job (`freezeDueRegisters`),
 * whichever comes first; both take the same claim, so it happens once.
 */

const INSERT_CHUNK = 500;

const isDue = (row: ElectionRow, now: Date) =>
  row.register_frozen_at === null &&
  (row.status === "scheduled" || row.status === "closed" || row.status === "published") &&
  now.toISOString() >= row.opens_at;

/** Freezes the election's register if its poll has opened; answers the row as it is now. */
export async function freezeRegisterIfDue(ctx: AppContext, row: ElectionRow, now = new Date()): Promise<ElectionRow> {
  if (!isDue(row, now)) return row;
  return writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const at = nowIso();
    // The claim: of two freezes at once, the second finds the column set and writes nothing.
    const claimed = await trx
      .updateTable("elections")
      .set({ register_frozen_at: at })
      .where("id", "=", row.id)
      .where("register_frozen_at", "is", null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 1) {
      const voters = await liveVoters(trx, electorateOf(row), "parent").select("u.household_owner_id").execute();
      const households = [...new Set(voters.map((voter) => voter.household_owner_id ?? voter.id))];
      for (let start = 0; start < households.length; start += INSERT_CHUNK) {
        const chunk = households.slice(start, start + INSERT_CHUNK);
        await trx
          .insertInto("election_electorate")
          .values(chunk.map((household) => ({ election_id: row.id, user_id: household })))
          .execute();
      }
      await recordAudit(trx, {
        event: "election.registerFrozen",
        ip: "",
        details: { electionId: row.id, at, households: households.length, accounts: voters.length },
      });
    }
    return electionOr404(trx, row.id);
  });
}

/** The minute job: every poll that has opened gets its register frozen. */
export async function freezeDueRegisters(ctx: AppContext, now = new Date()): Promise<number[]> {
  const due = await ctx.db
    .selectFrom("elections")
    .selectAll()
    .where("register_frozen_at", "is", null)
    .where("status", "in", ["scheduled", "closed", "published"])
    .where("opens_at", "<=", now.toISOString())
    .execute();
  for (const row of due) await freezeRegisterIfDue(ctx, row, now);
  return due.map((row) => row.id);
}
