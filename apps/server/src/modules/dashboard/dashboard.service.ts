import { funnelCounts, LATEST_CHANGES } from "@portal/shared/dashboard";
import { asRequestStatus, REQUEST_STATUSES, type RequestStatus } from "@portal/shared/request-status";
import { isLevelCode, LEVEL_CODES, type LevelCode } from "@portal/shared/rules/levels";
import type { Dashboard, DashboardLevel, DashboardQuery } from "@portal/shared/schemas/dashboard";
import type { AppContext } from "../../context.ts";
import { findSchoolYear } from "../../kernel/school-years.ts";
import { AppError } from "../../lib/errors.ts";
import { historyAction, personName } from "../workflow/workflow.service.ts";
import {
  countNotSentFiles,
  type DashboardFilter,
  latestChanges,
  requestGroups,
  submissionsPerHour,
} from "./dashboard.repository.ts";
import { addDays, schoolDate, submissionWindow } from "./school-days.ts";

type Groups = Awaited<ReturnType<typeof requestGroups>>;

function levelsOf(groups: Groups): DashboardLevel[] {
  const empty = (levelCode: LevelCode | null): DashboardLevel => ({ levelCode, total: 0, new: 0, reenrollment: 0 });
  const byLevel = new Map<LevelCode | null, DashboardLevel>(LEVEL_CODES.map((code) => [code, empty(code)]));
  for (const group of groups) {
    const code = isLevelCode(group.levelCode) ? group.levelCode : null;
    const level = byLevel.get(code) ?? empty(code);
    level.total += group.count;
    if (group.isNewStudent) level.new += group.count;
    else level.reenrollment += group.count;
    byLevel.set(code, level);
  }
  // Every level in the school's order, then the requests without a level, only if there are any.
  return [...byLevel.values()].filter((level) => level.levelCode !== null || level.total > 0);
}

async function submissionsOf(ctx: AppContext, filter: DashboardFilter, groups: Groups, now: Date) {
  const last = groups.reduce<string | null>(
    (latest, group) =>
      group.lastCreatedAt && (!latest || group.lastCreatedAt > latest) ? group.lastCreatedAt : latest,
    null,
  );
  const { from, to } = submissionWindow(schoolDate(now), last ? schoolDate(new Date(last)) : null);
  const counts = new Map<string, number>();
  for (let day = from; day <= to; day = addDays(day, 1)) counts.set(day, 0);
  // A day either side in UTC covers every time zone; hours outside the window are dropped below.
  const hours = await submissionsPerHour(
    ctx.db,
    filter,
    `${addDays(from, -1)}T00:00:00.000Z`,
    `${addDays(to, 2)}T00:00:00.000Z`,
  );
  for (const { hour, count } of hours) {
    const day = schoolDate(new Date(`${hour}:00:00.000Z`));
    const current = counts.get(day);
    if (current !== undefined) counts.set(day, current + count);
  }
  return { from, to, days: [...counts].map(([date, count]) => ({ date, count })) };
}

/** GET /api/dashboard: the school year's figures, test data left out unless asked for. */
export async function dashboardFor(
  ctx: AppContext,
  sessionSchoolYearId: number,
  query: DashboardQuery,
  now: Date = new Date(),
): Promise<Dashboard> {
  const schoolYear = await findSchoolYear(ctx.db, query.schoolYearId ?? sessionSchoolYearId);
  if (!schoolYear) throw new AppError(400, "SCHOOL_YEAR_INVALID", {}, { schoolYearId: "" });
  const filter: DashboardFilter = { schoolYearId: schoolYear.id, testData: query.testData };
  const [groups, notSentFiles, changes] = await Promise.all([
    requestGroups(ctx.db, filter),
    countNotSentFiles(ctx.db, filter),
    latestChanges(ctx.db, filter, LATEST_CHANGES),
  ]);
  const submissions = await submissionsOf(ctx, filter, groups, now);

  const byStatus = Object.fromEntries(REQUEST_STATUSES.map((status) => [status, 0])) as Record<RequestStatus, number>;
  const kinds = { new: 0, reenrollment: 0 };
  let photosPending = 0;
  for (const group of groups) {
    byStatus[asRequestStatus(group.status)] += group.count;
    if (group.isNewStudent) kinds.new += group.count;
    else kinds.reenrollment += group.count;
    // The photos page leaves out records the family is correcting: the figure counts what it shows.
    if (group.status !== "InProcess") photosPending += group.photosPending;
  }

  return {
    schoolYear: { id: schoolYear.id, label: schoolYear.label },
    testData: query.testData,
    totalRequests: kinds.new + kinds.reenrollment,
    notSentFiles,
    byStatus,
    funnel: funnelCounts(byStatus, notSentFiles),
    kinds,
    levels: levelsOf(groups),
    submissions,
    photosPending,
    latestChanges: changes.map((row) => ({
      id: row.id,
      requestId: row.request_id,
      code: row.code,
      studentName: row.student_name,
      at: row.created_at,
      from: row.from_status === null ? null : asRequestStatus(row.from_status),
      to: asRequestStatus(row.to_status),
      action: historyAction(row.action),
      by: row.user_id === null ? null : { id: row.user_id, name: personName(row) },
    })),
  };
}
