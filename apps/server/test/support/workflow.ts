import { randomUUID } from "node:crypto";
import type { RequestStatus } from "@portal/shared/request-status";
import { nowIso } from "../../src/db/database.ts";
import { insertStudentRow } from "./students.ts";
import { currentSchoolYearId, type TestApp } from "./test-app.ts";

/**
 * A sent request written straight into the database, for the staff workflow's tests (the wizard
 * that normally creates it is tested elsewhere): a student of `familyId`, a sent file in the
 * current school year with two completed steps (terms, schoolTransport), and the request in
 * `status` at version 1.
 */
export async function insertSentRequest(
  t: TestApp,
  familyId: number,
  status: RequestStatus = "Untreated",
): Promise<{ id: number; fileId: number; code: string; documentNumber: string }> {
  const now = nowIso();
  const schoolYearId = await currentSchoolYearId(t);
  const student = await insertStudentRow(t, { familyId, name: "Mateo Andrade Vela", at: now });
  const file = await t.ctx.db
    .insertInto("enrollment_files")
    .values({
      student_id: student.id,
      school_year_id: schoolYearId,
      is_new_student: 1,
      status: "sent",
      level_code: "CM1",
      created_at: now,
      updated_at: now,
      sent_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const step of ["terms", "schoolTransport"]) {
    await t.ctx.db
      .insertInto("enrollment_steps")
      .values({ file_id: file.id, step, data: "{}", completed_at: now, updated_at: now })
      .execute();
  }
  const code = `WF-${randomUUID().slice(0, 12)}`;
  const request = await t.ctx.db
    .insertInto("requests")
    .values({
      code,
      user_id: familyId,
      file_id: file.id,
      school_year_id: schoolYearId,
      request_status: status,
      photo_status: "pending",
      is_test_data: 0,
      url_file: null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: request.id, fileId: file.id, code, documentNumber: student.documentNumber };
}
