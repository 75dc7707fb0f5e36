import { nowIso } from "../../src/db/database.ts";
import { insertStudentRow } from "./students.ts";
import { call, type TestApp } from "./test-app.ts";

/**
 * A child of `familyId` whose student file gives `birthDate` (YYYY-MM-DD), written straight into
 * the database: the data-rights requests read the age from the latest saved student file.
 */
export async function childBornOn(t: TestApp, familyId: number, name: string, birthDate: string): Promise<number> {
  const { id } = await insertStudentRow(t, { familyId, name });
  const now = nowIso();
  const schoolYear = await t.ctx.db.selectFrom("school_years").select("id").orderBy("id").executeTakeFirstOrThrow();
  const file = await t.ctx.db
    .insertInto("enrollment_files")
    .values({
      student_id: id,
      school_year_id: schoolYear.id,
      is_new_student: 1,
      status: "draft",
      level_code: null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await t.ctx.db
    .insertInto("enrollment_steps")
    .values({
      file_id: file.id,
      step: "studentFile",
      data: JSON.stringify({ birthDate }),
      completed_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** A birth date `years` years before today (UTC), give or take `days`. */
export function bornYearsAgo(years: number, days = 0): string {
  const now = new Date(Date.now() - 5 * 3_600_000);
  return new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() + days))
    .toISOString()
    .slice(0, 10);
}

export function fileRequest(t: TestApp, cookie: string, body: Record<string, unknown>) {
  return call(t, { method: "POST", url: "/api/account/data-rights", cookie, payload: body });
}

export const validFiling = {
  kind: "access",
  subject: "family",
  actor: "representative",
  description: "Please send me everything you hold about us.",
};

export function act(t: TestApp, cookie: string, id: number, body: Record<string, unknown>) {
  return call(t, { method: "POST", url: `/api/data-rights-requests/${id}/actions`, cookie, payload: body });
}
