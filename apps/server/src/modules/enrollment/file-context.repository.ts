import type { Db } from "../../db/database.ts";

/** How many of the family's students have a file in this school year (any status), this one included. */
export async function countFamilyFilesForYear(db: Db, familyUserId: number, schoolYearId: number): Promise<number> {
  const row = await db
    .selectFrom("enrollment_files")
    .innerJoin("students", "students.id", "enrollment_files.student_id")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("students.family_user_id", "=", familyUserId)
    .where("enrollment_files.school_year_id", "=", schoolYearId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The school year's first day (YYYY-MM-DD): the levels' usual birth years follow from it. */
export async function schoolYearStart(db: Db, schoolYearId: number): Promise<string> {
  const row = await db.selectFrom("school_years").select("starts_on").where("id", "=", schoolYearId).executeTakeFirst();
  return row?.starts_on ?? "";
}
