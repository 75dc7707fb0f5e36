import type { Db } from "../../db/database.ts";

/** Settings › Data retention's own tables: the periods, the legal holds, the purge runs. */

export async function readRetentionSettings(db: Db) {
  return db.selectFrom("retention_settings").selectAll().where("id", "=", 1).executeTakeFirst();
}

/** Writes the row if it is still at `expectedVersion` (0: no row yet); false when someone saved in between. */
export async function writeRetentionSettings(
  db: Db,
  row: { months: string; automatic: number; updated_at: string; updated_by: number },
  expectedVersion: number,
): Promise<boolean> {
  if (expectedVersion === 0) {
    const inserted = await db
      .insertInto("retention_settings")
      .values({ id: 1, version: 1, ...row })
      .onConflict((oc) => oc.column("id").doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const updated = await db
    .updateTable("retention_settings")
    .set({ ...row, version: expectedVersion + 1 })
    .where("id", "=", 1)
    .where("version", "=", expectedVersion)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export async function listHolds(db: Db) {
  return db
    .selectFrom("retention_holds as h")
    .leftJoin("users as author", "author.id", "h.created_by")
    .leftJoin("users as family", "family.id", "h.family_user_id")
    .leftJoin("requests as r", "r.id", "h.request_id")
    .select([
      "h.id",
      "h.family_user_id",
      "h.request_id",
      "h.reason",
      "h.created_at",
      "author.email as author_email",
      "family.email as family_email",
      "r.code as request_code",
      "r.student_name as request_student",
    ])
    .orderBy("h.id", "desc")
    .execute();
}

export async function insertHold(
  db: Db,
  row: {
    family_user_id: number | null;
    request_id: number | null;
    reason: string;
    created_by: number;
    created_at: string;
  },
): Promise<number> {
  const inserted = await db.insertInto("retention_holds").values(row).returning("id").executeTakeFirstOrThrow();
  return inserted.id;
}

export async function findHold(db: Db, id: number) {
  return db.selectFrom("retention_holds").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function deleteHold(db: Db, id: number): Promise<void> {
  await db.deleteFrom("retention_holds").where("id", "=", id).execute();
}

/** The family account a hold may name: a family's first account, found by its e-mail. */
export async function findFamilyByEmail(db: Db, email: string) {
  return db
    .selectFrom("users")
    .select(["id", "email", "role", "household_owner_id"])
    .where("email", "=", email)
    .executeTakeFirst();
}

/** A request by its code as typed, or upper-cased (codes are INS-…, typed in any case). */
export async function findRequestByCode(db: Db, code: string) {
  return db
    .selectFrom("requests")
    .select(["id", "code", "user_id"])
    .where("code", "in", [code, code.toUpperCase()])
    .executeTakeFirst();
}

export type RunRow = Awaited<ReturnType<typeof findRun>>;

export async function findRun(db: Db, id: number) {
  return db
    .selectFrom("retention_runs as run")
    .leftJoin("users as u", "u.id", "run.started_by")
    .selectAll("run")
    .select("u.email as started_by_email")
    .where("run.id", "=", id)
    .executeTakeFirst();
}

export async function listRuns(db: Db, limit: number) {
  return db
    .selectFrom("retention_runs as run")
    .leftJoin("users as u", "u.id", "run.started_by")
    .select([
      "run.id",
      "run.status",
      "run.trigger",
      "run.started_at",
      "run.finished_at",
      "run.done",
      "run.total",
      "run.heartbeat_at",
      "u.email as started_by_email",
    ])
    .orderBy("run.id", "desc")
    .limit(limit)
    .execute();
}

/** Starts a run; undefined when another is under way (the unique `running_key`). */
export async function insertRunningRun(
  db: Db,
  row: { trigger: string; started_by: number | null; started_at: string },
): Promise<number | undefined> {
  const inserted = await db
    .insertInto("retention_runs")
    .values({ ...row, status: "running", running_key: 1, heartbeat_at: row.started_at })
    .onConflict((oc) => oc.column("running_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted?.id;
}

export async function updateRun(
  db: Db,
  id: number,
  patch: Partial<{
    status: string;
    running_key: number | null;
    done: number;
    total: number;
    report: string;
    heartbeat_at: string;
    finished_at: string;
  }>,
): Promise<void> {
  await db.updateTable("retention_runs").set(patch).where("id", "=", id).execute();
}

export async function findRunningRun(db: Db) {
  return db.selectFrom("retention_runs").select(["id", "heartbeat_at"]).where("running_key", "=", 1).executeTakeFirst();
}

/** The last run the schedule started (for "once a day"). */
export async function lastScheduledRunAt(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom("retention_runs")
    .select("started_at")
    .where("trigger", "=", "schedule")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.started_at;
}
