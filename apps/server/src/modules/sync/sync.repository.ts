import { BUE_ELIGIBLE_STATUSES, type BueMigrationState } from "@portal/shared/schemas/sync";
import { sql } from "kysely";
import type { Db } from "../../db/database.ts";

/** "Names FirstSurname" of a joined account `u` (null without one). */
const userName = <A extends string>(alias: A) =>
  sql<
    string | null
  >`case when u.id is null then null else ${sql.ref("u.names")} || ' ' || ${sql.ref("u.first_surname")} end`.as(alias);

/** The steps holding what the BUE receives and the codes it sends back. */
export const BUE_STEPS = ["studentFile", "firstRepresentative", "secondRepresentative"] as const;
export type BueStep = (typeof BUE_STEPS)[number];

const eligible = [...BUE_ELIGIBLE_STATUSES];

/** The year's requests the BUE receives; test data (the Prueba role's) never reaches the real database. */
function yearRequests(db: Db, schoolYearId: number) {
  return db
    .selectFrom("requests as r")
    .innerJoin("enrollment_files as f", "f.id", "r.file_id")
    .leftJoin("bue_migrations as m", "m.request_id", "r.id")
    .where("r.school_year_id", "=", schoolYearId)
    .where("r.request_status", "in", eligible)
    .where("r.is_test_data", "=", 0);
}

export async function countByState(db: Db, schoolYearId: number) {
  const row = await yearRequests(db, schoolYearId)
    .select((eb) => [
      eb.fn.countAll<number | string>().as("total"),
      eb.fn.count<number | string>("m.request_id").as("migrated"),
    ])
    .executeTakeFirstOrThrow();
  const total = Number(row.total);
  const migrated = Number(row.migrated);
  return { toMigrate: total - migrated, migrated };
}

const listColumns = [
  "r.id",
  "r.code",
  "r.student_name",
  "r.level_code",
  "r.request_status",
  "r.file_id",
  "r.version",
  "r.is_new_student",
  "m.batch_id",
  "m.migrated_at",
  "m.migrated_by",
] as const;

export async function listYear(
  db: Db,
  query: { schoolYearId: number; state?: BueMigrationState; offset: number; limit: number },
) {
  let base = yearRequests(db, query.schoolYearId);
  if (query.state === "migrated") base = base.where("m.request_id", "is not", null);
  if (query.state === "pending") base = base.where("m.request_id", "is", null);
  const [items, total] = await Promise.all([
    base
      .leftJoin("users as u", "u.id", "m.migrated_by")
      .select([...listColumns, userName("migrated_by_name")])
      .orderBy("r.student_sort_name")
      .orderBy("r.id")
      .offset(query.offset)
      .limit(query.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(total.n) };
}

/** One request with its year's label and migration state, whatever its status. */
export function findRequest(db: Db, requestId: number) {
  return db
    .selectFrom("requests as r")
    .innerJoin("school_years as y", "y.id", "r.school_year_id")
    .leftJoin("bue_migrations as m", "m.request_id", "r.id")
    .leftJoin("users as u", "u.id", "m.migrated_by")
    .select([...listColumns, "r.school_year_id", "y.label as year_label", userName("migrated_by_name")])
    .where("r.id", "=", requestId)
    .executeTakeFirst();
}

/** The BUE steps' JSON of these files: file id → step → data. */
export async function stepsOf(db: Db, fileIds: readonly number[]): Promise<Map<number, Map<string, string>>> {
  const byFile = new Map<number, Map<string, string>>();
  for (let i = 0; i < fileIds.length; i += 500) {
    const rows = await db
      .selectFrom("enrollment_steps")
      .select(["file_id", "step", "data"])
      .where("file_id", "in", fileIds.slice(i, i + 500))
      .where("step", "in", [...BUE_STEPS])
      .execute();
    for (const row of rows) {
      const steps = byFile.get(row.file_id) ?? new Map<string, string>();
      steps.set(row.step, row.data);
      byFile.set(row.file_id, steps);
    }
  }
  return byFile;
}

/** The year's eligible requests not yet migrated (to export), in the list's order. */
export function pendingForExport(db: Db, schoolYearId: number) {
  return yearRequests(db, schoolYearId)
    .innerJoin("school_years as y", "y.id", "r.school_year_id")
    .select(["r.id", "r.code", "r.file_id", "r.level_code", "r.is_new_student", "y.label as year_label"])
    .where("m.request_id", "is", null)
    .orderBy("r.student_sort_name")
    .orderBy("r.id")
    .execute();
}

export async function insertBatch(db: Db, values: { schoolYearId: number; userId: number; now: string }) {
  const row = await db
    .insertInto("bue_export_batches")
    .values({ school_year_id: values.schoolYearId, row_count: 0, created_by: values.userId, created_at: values.now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Marks the requests migrated in `batchId`; a request already marked (by a concurrent export) is
 * left as it is. Answers the ids this call marked.
 */
export async function markMigrated(
  db: Db,
  values: { batchId: number; requestIds: readonly number[]; userId: number; now: string },
): Promise<Set<number>> {
  const marked = new Set<number>();
  for (let i = 0; i < values.requestIds.length; i += 500) {
    const rows = await db
      .insertInto("bue_migrations")
      .values(
        values.requestIds.slice(i, i + 500).map((requestId) => ({
          request_id: requestId,
          batch_id: values.batchId,
          migrated_at: values.now,
          migrated_by: values.userId,
        })),
      )
      .onConflict((oc) => oc.column("request_id").doNothing())
      .returning("request_id")
      .execute();
    for (const row of rows) marked.add(row.request_id);
  }
  return marked;
}

export async function setBatchCount(db: Db, batchId: number, rowCount: number) {
  if (rowCount === 0) await db.deleteFrom("bue_export_batches").where("id", "=", batchId).execute();
  else await db.updateTable("bue_export_batches").set({ row_count: rowCount }).where("id", "=", batchId).execute();
}

export function listBatches(db: Db, schoolYearId: number) {
  return db
    .selectFrom("bue_export_batches as b")
    .leftJoin("users as u", "u.id", "b.created_by")
    .select(["b.id", "b.created_at", "b.row_count", userName("created_by_name")])
    .where("b.school_year_id", "=", schoolYearId)
    .orderBy("b.id", "desc")
    .execute();
}

export function findBatch(db: Db, batchId: number) {
  return db.selectFrom("bue_export_batches").selectAll().where("id", "=", batchId).executeTakeFirst();
}

/** A past batch's requests, with what the row needs, in the list's order. */
export function batchRequests(db: Db, batchId: number) {
  return db
    .selectFrom("bue_migrations as m")
    .innerJoin("requests as r", "r.id", "m.request_id")
    .innerJoin("school_years as y", "y.id", "r.school_year_id")
    .select(["r.id", "r.code", "r.file_id", "r.level_code", "r.is_new_student", "y.label as year_label"])
    .where("m.batch_id", "=", batchId)
    .orderBy("r.student_sort_name")
    .orderBy("r.id")
    .execute();
}

/** Requests by code (the import's lines), with their file. */
export async function requestsByCode(db: Db, codes: readonly string[]) {
  const found = new Map<string, { id: number; file_id: number }>();
  for (let i = 0; i < codes.length; i += 500) {
    const rows = await db
      .selectFrom("requests")
      .select(["id", "code", "file_id"])
      .where("code", "in", codes.slice(i, i + 500))
      .execute();
    for (const row of rows) found.set(row.code, { id: row.id, file_id: row.file_id });
  }
  return found;
}

export async function writeStepData(db: Db, fileId: number, step: BueStep, data: string, now: string) {
  await db
    .updateTable("enrollment_steps")
    .set({ data, updated_at: now })
    .where("file_id", "=", fileId)
    .where("step", "=", step)
    .execute();
}

/**
 * Moves the request to its next version if it is still at `version`: the codes edit's guard, and
 * what makes a module page opened before the edit answer 409 instead of writing the old codes back.
 */
export async function bumpRequestVersion(db: Db, id: number, version: number | null, now: string): Promise<boolean> {
  let update = db
    .updateTable("requests")
    .set((eb) => ({ version: eb("version", "+", 1), updated_at: now }))
    .where("id", "=", id);
  if (version !== null) update = update.where("version", "=", version);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
