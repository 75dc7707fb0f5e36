import { REQUEST_STATUSES, type RequestStatus } from "./request-status.ts";

/**
 * The staff dashboard's funnel: in process → sent → accepted → validated → confirmed →
 * finished. A stage counts the school year's enrollments that have reached **at least** that stage,
 * read from their **current** status (docs/rules/staff-workflow.md "Dashboard"), so each stage is exactly the
 * request list it links to:
 *
 * - `inProcess`: every file started for the year: the files never sent plus every request;
 * - `sent`: every request (each was sent at least once; an InProcess one is back for correction);
 * - `accepted` … `finished`: the requests whose status is that stage or a later one on the main
 *   path. A request refused, discontinued, cancelled or restored has left the path: it counts as
 *   sent, not further, whatever it went through before.
 *
 * Labels: `dashboard:funnel.<stage>`.
 */
export const FUNNEL_STAGES = ["inProcess", "sent", "accepted", "validated", "confirmed", "finished"] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

/** The request statuses each stage counts (`inProcess` also counts the files never sent). */
export const FUNNEL_STATUSES: Record<FunnelStage, readonly RequestStatus[]> = {
  inProcess: REQUEST_STATUSES,
  sent: REQUEST_STATUSES,
  accepted: ["Accepted", "Validated", "Confirmed", "Finished"],
  validated: ["Validated", "Confirmed", "Finished"],
  confirmed: ["Confirmed", "Finished"],
  finished: ["Finished"],
};

/** Whether a stage also counts the files started and never sent (they have no request). */
export function stageCountsDrafts(stage: FunnelStage): boolean {
  return stage === "inProcess";
}

/** The funnel from the counts per status and the files never sent. */
export function funnelCounts(
  byStatus: Readonly<Record<RequestStatus, number>>,
  notSentFiles: number,
): { stage: FunnelStage; count: number }[] {
  return FUNNEL_STAGES.map((stage) => ({
    stage,
    count:
      FUNNEL_STATUSES[stage].reduce((sum, status) => sum + byStatus[status], 0) +
      (stageCountsDrafts(stage) ? notSentFiles : 0),
  }));
}

/** Days the submissions-per-day chart covers, the last one included. */
export const SUBMISSION_DAYS = 30;

/** Latest status changes the dashboard lists. */
export const LATEST_CHANGES = 10;
