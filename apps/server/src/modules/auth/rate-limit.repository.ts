import { sql } from "kysely";
import type { Db } from "../../db/database.ts";

/**
 * Fixed-window counters in the database, so every app process behind a load balancer shares
 * them. One atomic upsert per hit: a window older than `windowMs` restarts at 1.
 */
export async function hitCounter(
  db: Db,
  key: string,
  windowMs: number,
  now = Date.now(),
): Promise<{ count: number; windowStart: string }> {
  const nowIsoValue = new Date(now).toISOString();
  const cutoff = new Date(now - windowMs).toISOString();
  const row = await db
    .insertInto("rate_limits")
    .values({ key, window_start: nowIsoValue, count: 1 })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql`case when rate_limits.window_start <= ${cutoff} then 1 else rate_limits.count + 1 end`,
        window_start: sql`case when rate_limits.window_start <= ${cutoff} then ${nowIsoValue} else rate_limits.window_start end`,
      }),
    )
    .returning(["count", "window_start"])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), windowStart: row.window_start };
}

/** Current count in the live window, without counting this look. */
export async function peekCounter(
  db: Db,
  key: string,
  windowMs: number,
  now = Date.now(),
): Promise<{ count: number; windowStart: string } | null> {
  const row = await db.selectFrom("rate_limits").selectAll().where("key", "=", key).executeTakeFirst();
  if (!row || row.window_start <= new Date(now - windowMs).toISOString()) return null;
  return { count: Number(row.count), windowStart: row.window_start };
}

export async function clearCounter(db: Db, key: string): Promise<void> {
  await db.deleteFrom("rate_limits").where("key", "=", key).execute();
}
