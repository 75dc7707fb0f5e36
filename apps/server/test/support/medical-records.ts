import { randomUUID } from "node:crypto";
import type { RequestStatus } from "@portal/shared/request-status";
import { nowIso } from "../../src/db/database.ts";
import { refreshRequestColumns } from "../../src/modules/requests/request-columns.ts";
import { everyStepBody, studentFileBody } from "./documents.ts";
import { insertStudentRow } from "./students.ts";
import type { TestApp } from "./test-app.ts";

/** A school year of the caller's own: the shared database holds other specs' requests. */
export async function insertOwnYear(t: TestApp): Promise<number> {
  const id = 5_000_000 + Math.floor(Math.random() * 1_000_000);
  await t.ctx.db
    .insertInto("school_years")
    .values({
      id,
      label: `MR-${id}`,
      starts_on: "2030-09-01",
      ends_on: "2031-07-01",
      is_current: 0,
      enrollment_open: 0,
    })
    .execute();
  return id;
}

/** The wizard's valid medical record body (support/documents.ts), with `overrides`. */
export async function medicalBody(overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const bodies = await everyStepBody({ schoolYearId: 1, pdf: async () => 1, photo: async () => 1 });
  const medical = bodies.find(([step]) => step === "medicalRecord")?.[1] as Record<string, unknown>;
  return { ...medical, ...overrides };
}

/**
 * A sent request of `schoolYearId` written straight into the database with its student file and
 * (unless null) medical record steps; the list columns are computed as a send computes them.
 */
export async function insertMedicalRequest(
  t: TestApp,
  opts: {
    familyId: number;
    schoolYearId: number;
    level: string;
    status?: RequestStatus;
    names: string;
    student?: Record<string, unknown>;
    medical?: Record<string, unknown> | null;
    testData?: boolean;
  },
): Promise<{ id: number; code: string }> {
  const now = nowIso();
  const db = t.ctx.db;
  const student = await insertStudentRow(t, {
    familyId: opts.familyId,
    name: opts.names,
    isTestData: opts.testData,
    at: now,
  });
  const studentFile = studentFileBody(1, {
    names: opts.names,
    documentNumber: student.documentNumber,
    ...opts.student,
  });
  const file = await db
    .insertInto("enrollment_files")
    .values({
      student_id: student.id,
      school_year_id: opts.schoolYearId,
      is_new_student: 1,
      status: "sent",
      level_code: opts.level,
      created_at: now,
      updated_at: now,
      sent_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const steps: [string, unknown][] = [["studentFile", studentFile]];
  if (opts.medical !== null) steps.push(["medicalRecord", opts.medical ?? (await medicalBody())]);
  for (const [step, data] of steps) {
    await db
      .insertInto("enrollment_steps")
      .values({ file_id: file.id, step, data: JSON.stringify(data), completed_at: now, updated_at: now })
      .execute();
  }
  const code = `MR-${randomUUID().slice(0, 12)}`;
  const request = await db
    .insertInto("requests")
    .values({
      code,
      user_id: opts.familyId,
      file_id: file.id,
      school_year_id: opts.schoolYearId,
      request_status: opts.status ?? "Accepted",
      photo_status: "pending",
      is_test_data: opts.testData ? 1 : 0,
      url_file: null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await refreshRequestColumns(db, file.id);
  return { id: request.id, code };
}
