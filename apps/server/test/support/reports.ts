import { randomUUID } from "node:crypto";
import type { Role } from "@portal/shared/roles";
import type { ReportPage } from "@portal/shared/schemas/reports";
import { inject } from "vitest";
import { seedLargeSchool } from "../../src/demo/large-school.ts";
import { call, createUser, loginAs, TEST_PASSWORD, type TestApp } from "./test-app.ts";

/** The reports specs' own school year (the shared database holds other specs' requests), seeded. */
export async function reportYear(t: TestApp, requests: number, seed: number): Promise<number> {
  const id = 3_000_000 + Math.floor(Math.random() * 1_000_000);
  await t.ctx.db
    .insertInto("school_years")
    .values({
      id,
      label: `reports-${randomUUID().slice(0, 8)}`,
      starts_on: "2026-09-01",
      ends_on: "2027-07-15",
      is_current: 0,
      enrollment_open: 0,
    })
    .execute();
  await seedLargeSchool(t.ctx.db, t.ctx.engine, {
    requests,
    schoolYearId: id,
    testShare: 0,
    seed,
    passwordHash: "not-a-real-hash",
    dataDir: inject("dataDir"),
  });
  return id;
}

export async function staffCookie(t: TestApp, role: Role, schoolYearId: number, language = "es"): Promise<string> {
  return (await staffUser(t, role, schoolYearId, language)).cookie;
}

export async function staffUser(t: TestApp, role: Role, schoolYearId: number, language = "es") {
  const user = await createUser(t, { role, language });
  return { id: user.id, cookie: await loginAs(t, user.email, TEST_PASSWORD, schoolYearId) };
}

export async function reportPageOf(t: TestApp, cookie: string, report: string, query = ""): Promise<ReportPage> {
  const response = await call(t, { method: "GET", url: `/api/reports/${report}?${query}`, cookie });
  if (response.statusCode !== 200) throw new Error(`${report}?${query}: ${response.statusCode} ${response.body}`);
  return response.json() as ReportPage;
}

/** A request's saved step, parsed, and a way to write it back (fixtures for odd values). */
export async function editStep(
  t: TestApp,
  fileId: number,
  step: string,
  edit: (data: Record<string, unknown>) => Record<string, unknown>,
): Promise<void> {
  const row = await t.ctx.db
    .selectFrom("enrollment_steps")
    .select("data")
    .where("file_id", "=", fileId)
    .where("step", "=", step)
    .executeTakeFirstOrThrow();
  await t.ctx.db
    .updateTable("enrollment_steps")
    .set({ data: JSON.stringify(edit(JSON.parse(row.data) as Record<string, unknown>)) })
    .where("file_id", "=", fileId)
    .where("step", "=", step)
    .execute();
}

export function yearRequests(t: TestApp, schoolYearId: number) {
  return t.ctx.db
    .selectFrom("requests")
    .select(["id", "code", "file_id", "level_code", "request_status", "is_new_student", "student_name"])
    .where("school_year_id", "=", schoolYearId)
    .where("is_test_data", "=", 0)
    .orderBy("code")
    .execute();
}
