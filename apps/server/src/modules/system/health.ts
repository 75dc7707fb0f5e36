import path from "node:path";
import { sql } from "kysely";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { probeStorage } from "../../lib/stored-files.ts";
import type { Drain } from "../../plugins/drain.ts";

export const healthOkSchema = z.object({ status: z.literal("ok") });
/** Why the load balancer should send requests elsewhere: the first problem found, in this order. */
export const healthUnavailableSchema = z.object({
  status: z.literal("unavailable"),
  reason: z.enum(["stopping", "database", "storage"]),
});
export type HealthReason = z.infer<typeof healthUnavailableSchema>["reason"];

/**
 * GET /api/health's checks: the process is not shutting down, the database answers, and the
 * files folder takes a write (uploads would answer 507 otherwise). Undefined when all is well,
 * else the reason and, for the log, what failed.
 */
export async function healthProblem(
  ctx: AppContext,
  drain: Drain,
): Promise<{ reason: HealthReason; detail: string } | undefined> {
  if (drain.draining) return { reason: "stopping", detail: "shutting down" };
  try {
    await sql`select 1`.execute(ctx.db);
  } catch (error) {
    return { reason: "database", detail: `database unreachable: ${(error as Error).message}` };
  }
  const fault = await probeStorage(path.join(ctx.config.dataDir, "files"));
  return fault === undefined ? undefined : { reason: "storage", detail: `cannot write to DATA_DIR/files (${fault})` };
}
