import { describe, expect, it } from "vitest";
import { FUNNEL_STAGES, FUNNEL_STATUSES, funnelCounts } from "./dashboard.ts";
import { REQUEST_STATUSES, type RequestStatus } from "./request-status.ts";

const counts = (partial: Partial<Record<RequestStatus, number>>) =>
  Object.fromEntries(REQUEST_STATUSES.map((status) => [status, partial[status] ?? 0])) as Record<RequestStatus, number>;

describe("dashboard funnel", () => {
  it("counts each stage as 'reached at least', from the current status, drafts only at the start", () => {
    const byStatus = counts({
      InProcess: 1,
      Untreated: 3,
      Restored: 1,
      Accepted: 2,
      Validated: 2,
      Confirmed: 1,
      Finished: 2,
      Refused: 1,
      Discontinued: 1,
      Cancelled: 1,
    });
    expect(funnelCounts(byStatus, 2)).toEqual([
      { stage: "inProcess", count: 17 },
      { stage: "sent", count: 15 },
      { stage: "accepted", count: 7 },
      { stage: "validated", count: 5 },
      { stage: "confirmed", count: 3 },
      { stage: "finished", count: 2 },
    ]);
  });

  it("never grows from one stage to the next", () => {
    for (const [index, stage] of FUNNEL_STAGES.entries()) {
      const next = FUNNEL_STAGES[index + 1];
      if (next) expect(FUNNEL_STATUSES[stage]).toEqual(expect.arrayContaining([...FUNNEL_STATUSES[next]]));
    }
  });
});
