import { z } from "zod";
import { FUNNEL_STAGES } from "../dashboard.ts";
import { REQUEST_STATUSES } from "../request-status.ts";
import { LEVEL_CODES } from "../rules/levels.ts";
import { idParam } from "./fields.ts";
import { TEST_DATA_MODES } from "./requests.ts";
import { requestHistoryEntrySchema } from "./workflow.ts";

/**
 * The staff dashboard: GET /api/dashboard's query string and answer. The parameters
 * are the request lists' own (same names, same values), so a figure's link to its list carries
 * them unchanged. An unknown or repeated parameter is a 400 VALIDATION_ERROR naming it.
 */
export const dashboardQuerySchema = z.strictObject({
  /** Default: the school year chosen at login (the session's). */
  schoolYearId: idParam.optional(),
  /** include: every request; exclude (default): not the Test role's; only: the Test role's alone. */
  testData: z.enum(TEST_DATA_MODES, { error: "validation.choice" }).default("exclude"),
});
export type DashboardQueryInput = z.input<typeof dashboardQuerySchema>;
export type DashboardQuery = z.output<typeof dashboardQuerySchema>;

const count = z.number().int().nonnegative();

/** One level's requests; `levelCode` null for requests without a level (old data). */
export const dashboardLevelSchema = z.object({
  levelCode: z.enum(LEVEL_CODES).nullable(),
  total: count,
  new: count,
  reenrollment: count,
});
export type DashboardLevel = z.infer<typeof dashboardLevelSchema>;

/** A status change (a history row), with the request it belongs to. */
export const dashboardChangeSchema = requestHistoryEntrySchema.omit({ comment: true }).extend({
  requestId: z.number(),
  code: z.string(),
  studentName: z.string(),
});
export type DashboardChange = z.infer<typeof dashboardChangeSchema>;

export const dashboardSchema = z.object({
  schoolYear: z.object({ id: z.number(), label: z.string() }),
  testData: z.enum(TEST_DATA_MODES),
  /** Every request of the year, whatever its status. */
  totalRequests: count,
  /** Files started for the year and never sent (drafts without a request): "in progress (not sent)". */
  notSentFiles: count,
  /** Requests per status, every status of REQUEST_STATUSES (0 included). */
  byStatus: z.record(z.enum(REQUEST_STATUSES), count),
  /** FUNNEL_STAGES in order (packages/shared/src/dashboard.ts says how each is counted). */
  funnel: z.array(z.object({ stage: z.enum(FUNNEL_STAGES), count })),
  /** First enrollments and re-enrollments. */
  kinds: z.object({ new: count, reenrollment: count }),
  /** Every level in the school's order (0 included), then requests without a level if any. */
  levels: z.array(dashboardLevelSchema),
  /**
   * Requests sent per day (their creation; a request sent again after a correction keeps its
   * day), in the school's time zone, every day of the window (0 included), oldest first.
   */
  submissions: z.object({
    from: z.string(),
    to: z.string(),
    days: z.array(z.object({ date: z.string(), count })),
  }),
  /** Requests whose student photo waits for review (`photo_status = 'pending'`). */
  photosPending: count,
  /** The latest status changes (internal-review notes left out), newest first. */
  latestChanges: z.array(dashboardChangeSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
