import { randomUUID } from "node:crypto";
import type { RequestStatus } from "@portal/shared/request-status";
import { schoolDay } from "@portal/shared/rules/school-year-windows";
import { nowIso } from "../../src/db/database.ts";
import { familyWith } from "./breaches.ts";
import { insertStudentRow } from "./students.ts";
import { call, loginAs, type TestApp } from "./test-app.ts";

/** Re-enrollment campaigns' tests: a school year of the spec's own, its enrolled children, a body. */

/** A school year of the caller's own: the shared database holds other specs' requests. */
export async function campaignYear(t: TestApp): Promise<number> {
  const id = 5_000_000 + Math.floor(Math.random() * 1_000_000);
  await t.ctx.db
    .insertInto("school_years")
    .values({
      id,
      label: `campaign-${randomUUID().slice(0, 8)}`,
      starts_on: "2026-09-01",
      ends_on: "2027-07-15",
      is_current: 0,
      enrollment_open: 0,
    })
    .execute();
  return id;
}

/** A child of `familyId` with a sent file and a request in `status` for the year, at `level`. */
export async function enrolledChild(
  t: TestApp,
  opts: { familyId: number; schoolYearId: number; name: string; level?: string; status?: RequestStatus },
): Promise<number> {
  const now = nowIso();
  const student = await insertStudentRow(t, { familyId: opts.familyId, name: opts.name, at: now });
  const level = opts.level ?? "CM1";
  const file = await t.ctx.db
    .insertInto("enrollment_files")
    .values({
      student_id: student.id,
      school_year_id: opts.schoolYearId,
      is_new_student: 1,
      status: "sent",
      level_code: level,
      created_at: now,
      updated_at: now,
      sent_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await t.ctx.db
    .insertInto("requests")
    .values({
      code: `RC-${randomUUID().slice(0, 12)}`,
      user_id: opts.familyId,
      file_id: file.id,
      school_year_id: opts.schoolYearId,
      request_status: opts.status ?? "Confirmed",
      photo_status: "pending",
      is_test_data: 0,
      url_file: null,
      level_code: level,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return student.id;
}

/** The school day `days` after today, YYYY-MM-DD. */
export function dayFromToday(days: number): string {
  return schoolDay(new Date(Date.now() + days * 86_400_000));
}

/** Noon (school time) of the day `days` after today: a sweep's clock. */
export function noonIn(days: number): Date {
  return new Date(`${dayFromToday(days)}T17:00:00Z`);
}

export function campaignBody(schoolYearId: number, overrides: Record<string, unknown> = {}) {
  return {
    schoolYearId,
    opensOn: dayFromToday(0),
    deadline: dayFromToday(20),
    levels: [],
    sameMessage: false,
    message: {
      es: "Queremos saber si sus hijos continúan el próximo año.",
      en: "We would like to know whether your children return next year.",
      fr: "Nous aimerions savoir si vos enfants reviennent l’an prochain.",
    },
    reminderDays: [14, 7, 1],
    ...overrides,
  };
}

/** A family (first account, optionally a second parent) signed in, with its cookie. */
export async function campaignFamily(t: TestApp, language: string, secondParentLanguage?: string) {
  const family = await familyWith(t, language, secondParentLanguage);
  return { ...family, id: family.owner.id, cookie: await loginAs(t, family.owner.email) };
}

export async function createCampaign(t: TestApp, cookie: string, body: Record<string, unknown>) {
  const response = await call(t, { method: "POST", url: "/api/campaigns", cookie, payload: body });
  if (response.statusCode !== 201) throw new Error(`campaign: ${response.statusCode} ${response.body}`);
  return response.json() as { id: number; version: number; state: string };
}
