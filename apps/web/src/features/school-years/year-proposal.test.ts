import { describe, expect, it } from "vitest";
import { nextYearProposal } from "./year-proposal.ts";

describe("the next school year's proposal", () => {
  it("is the latest year one year on", () => {
    expect(nextYearProposal({ label: "2025-2026", startsOn: "2025-09-01", endsOn: "2026-07-03" })).toEqual({
      label: "2026-2027",
      startsOn: "2026-09-01",
      endsOn: "2027-07-03",
    });
  });

  it("is empty without a year to follow", () => {
    expect(nextYearProposal(undefined)).toEqual({ label: "", startsOn: "", endsOn: "" });
  });
});
