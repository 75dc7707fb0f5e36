import type { Db } from "../../db/database.ts";
import type { DataExportsTable } from "../../db/types.ts";

/** The `data_exports` rows of "My data" (migration 0034), queries only. */

export type ExportRow = Omit<DataExportsTable, "done" | "total"> & { done: number; total: number };

export function insertExport(db: Db, row: ExportRow) {
  return db.insertInto("data_exports").values(row).execute();
}

export async function findLatestExport(db: Db, familyId: number): Promise<ExportRow | undefined> {
  return db
    .selectFrom("data_exports")
    .selectAll()
    .where("family_user_id", "=", familyId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
}

export function findRunningExport(db: Db, familyId: number): Promise<ExportRow | undefined> {
  return db.selectFrom("data_exports").selectAll().where("running_family_id", "=", familyId).executeTakeFirst();
}

/** The family's export with this id: another family's id finds nothing, as an unknown one does. */
export function findOwnExport(db: Db, familyId: number, id: string): Promise<ExportRow | undefined> {
  return db
    .selectFrom("data_exports")
    .selectAll()
    .where("id", "=", id)
    .where("family_user_id", "=", familyId)
    .executeTakeFirst();
}

export function updateExport(db: Db, id: string, values: Partial<ExportRow>) {
  return db.updateTable("data_exports").set(values).where("id", "=", id).execute();
}

/** Ready archives whose link has expired, and running ones whose process stopped moving them. */
export function findSweepable(db: Db, now: string, staleBefore: string) {
  return db
    .selectFrom("data_exports")
    .select(["id", "status", "storage_key"])
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "ready"), eb("expires_at", "<", now)]),
        eb.and([eb("status", "=", "running"), eb("heartbeat_at", "<", staleBefore)]),
      ]),
    )
    .execute();
}
