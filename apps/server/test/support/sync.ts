import { randomInt, randomUUID } from "node:crypto";
import type { RequestStatus } from "@portal/shared/request-status";
import { nowIso } from "../../src/db/database.ts";
import { insertStudentRow } from "./students.ts";
import { downloadLikeABrowser, type TestApp } from "./test-app.ts";

// Sync with the BUE: a school year of the spec's own, so the year's counts and
// exports hold only what the spec made, and requests written straight into the database.

/** A school year nobody else uses (random id and label). */
export async function isolatedYear(t: TestApp): Promise<{ id: number; label: string }> {
  const id = 600_000 + randomInt(1_000_000);
  const label = `BUE-${id}`;
  await t.ctx.db
    .insertInto("school_years")
    .values({ id, label, starts_on: "2090-09-01", ends_on: "2091-07-01", is_current: 0, enrollment_open: 0 })
    .execute();
  return { id, label };
}

export interface SyncStudent {
  names: string;
  firstName: string;
  secondRepresentative?: boolean;
  status?: RequestStatus;
  testData?: boolean;
}

/** A sent request in `schoolYearId` with its student-file and representative steps. */
export async function insertSyncRequest(
  t: TestApp,
  familyId: number,
  schoolYearId: number,
  student: SyncStudent,
): Promise<{ id: number; code: string; fileId: number }> {
  const now = nowIso();
  const db = t.ctx.db;
  const name = `${student.names} ${student.firstName}`;
  const s = await insertStudentRow(t, { familyId, name, at: now });
  const file = await db
    .insertInto("enrollment_files")
    .values({
      student_id: s.id,
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
  const steps: Record<string, unknown> = {
    studentFile: {
      firstName: student.firstName,
      secondName: "Loor",
      names: student.names,
      gender: "F",
      birthDate: "2015-03-14",
      typeIdentification: 1,
      documentNumber: s.documentNumber,
      primaryNationality: "EC",
    },
    firstRepresentative: {
      typeRepresentative: 1,
      names: "Rosa",
      firstName: "Loor",
      email: "rosa@example.test",
      cellPhone: "+593991112222",
    },
    secondRepresentative:
      student.secondRepresentative === false
        ? { declined: true, reason: "—" }
        : { typeRepresentative: 2, names: "Juan", firstName: student.firstName, email: "juan@example.test" },
  };
  for (const [step, data] of Object.entries(steps)) {
    await db
      .insertInto("enrollment_steps")
      .values({ file_id: file.id, step, data: JSON.stringify(data), completed_at: now, updated_at: now })
      .execute();
  }
  const code = `BUE-${randomUUID().slice(0, 13)}`;
  const request = await db
    .insertInto("requests")
    .values({
      code,
      user_id: familyId,
      file_id: file.id,
      school_year_id: schoolYearId,
      request_status: student.status ?? "Accepted",
      photo_status: "pending",
      is_test_data: student.testData ? 1 : 0,
      url_file: null,
      created_at: now,
      updated_at: now,
      student_name: name,
      student_sort_name: name.toLowerCase(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: request.id, code, fileId: file.id };
}

/** The student-file and representative steps' JSON of a file. */
export async function stepJson(t: TestApp, fileId: number, step: string): Promise<Record<string, unknown>> {
  const row = await t.ctx.db
    .selectFrom("enrollment_steps")
    .select("data")
    .where("file_id", "=", fileId)
    .where("step", "=", step)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.data) as Record<string, unknown>;
}

/** A `;` CSV read back: BOM dropped, quotes undone, one array per line. */
export function parseCsv(text: string): string[][] {
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  return body
    .split("\r\n")
    .filter((line) => line !== "")
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replaceAll('""', '"')));
}

export function syncExport(
  t: TestApp,
  cookie: string | undefined,
  schoolYearId: number,
  format: "csv" | "json" = "csv",
) {
  return downloadLikeABrowser(t, {
    method: "POST",
    url: "/api/sync/exports",
    cookie,
    payload: { schoolYearId, format },
  });
}
