import type { SchoolYear } from "@portal/shared/schemas/responses";
import type { Db } from "../../db/database.ts";

function toSchoolYear(row: { id: number; label: string; is_current: number; enrollment_open: number }): SchoolYear {
  return { id: row.id, label: row.label, isCurrent: row.is_current === 1, enrollmentOpen: row.enrollment_open === 1 };
}

/** Current year first, then the most recent ones. */
export async function listSchoolYears(db: Db): Promise<SchoolYear[]> {
  const rows = await db
    .selectFrom("school_years")
    .select(["id", "label", "is_current", "enrollment_open"])
    .orderBy("is_current", "desc")
    .orderBy("starts_on", "desc")
    .execute();
  return rows.map(toSchoolYear);
}

export async function findSchoolYear(db: Db, id: number): Promise<SchoolYear | undefined> {
  const row = await db
    .selectFrom("school_years")
    .select(["id", "label", "is_current", "enrollment_open"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toSchoolYear(row) : undefined;
}
