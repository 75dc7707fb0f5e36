import type { AppContext } from "../../context.ts";
import { nowIso, writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { moveClosedPollsBallots } from "./ballot-batches.ts";
import { purgeRegisterTimes } from "./register.repository.ts";
import { freezeDueRegisters } from "./register-freeze.ts";

/**
 * How often server.ts runs the elections' job: every minute, so a poll's register is frozen within
 * a minute of its opening even if nobody reads it (register-freeze.ts); the purge's retention is
 * in days, and its query finds nothing to do almost every time.
 */
export const REGISTER_PURGE_INTERVAL_MS = 60_000;

/**
 * Maintenance job: once an election's results have been published for the configured
 * number of days, the register keeps that each person voted but no longer when. The counts are in
 * the frozen result and the ballots stay. Returns the elections purged.
 */
export async function purgeElectionRegisters(ctx: AppContext, now = new Date()): Promise<number[]> {
  await freezeDueRegisters(ctx, now);
  // A poll closed by the clock: its last ballots go in within a minute (ballot-batches.ts).
  await moveClosedPollsBallots(ctx, now);
  const cutoff = new Date(now.getTime() - ctx.config.electionRegisterRetentionDays * 86_400_000).toISOString();
  return writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const ids = await purgeRegisterTimes(trx, cutoff, nowIso());
    for (const electionId of ids) {
      await recordAudit(trx, { event: "election.registerPurged", ip: "", details: { electionId, cutoff } });
    }
    return ids;
  });
}
