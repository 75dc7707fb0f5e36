import type { ElectionView } from "@portal/shared/schemas/elections";
import { describe, expect, it } from "vitest";
import { electionBody, electionFormValues } from "./election-form.ts";

const filled = {
  titleEs: "Consejo de escuela",
  titleEn: "School council",
  titleFr: "Conseil d'école",
  body: "Conseil d'école",
  seats: "3",
  schoolYearId: "11",
  candidacyDeadline: "2026-03-09T18:00",
  opensAt: "2026-03-16T08:00",
  closesAt: "2026-03-16T18:00",
  voteUnit: "family",
  electorateStatuses: ["Accepted", "Untreated"],
  electorateLevels: ["CM1"],
};

describe("the election dialog's values", () => {
  it("become the API's body, times in UTC from the school's local time", () => {
    expect(electionBody(filled)).toEqual({
      ok: true,
      body: {
        ...filled,
        seats: 3,
        schoolYearId: 11,
        candidacyDeadline: "2026-03-09T23:00:00.000Z",
        opensAt: "2026-03-16T13:00:00.000Z",
        closesAt: "2026-03-16T23:00:00.000Z",
      },
    });
  });

  it("are refused field by field with the shared schema's messages", () => {
    const fields = electionBody({ ...filled, titleFr: " ", seats: "" });
    expect(fields.ok).toBe(false);
    if (!fields.ok) expect(Object.keys(fields.errors).sort()).toEqual(["seats", "titleFr"]);
    // No status: nobody could vote.
    const nobody = electionBody({ ...filled, electorateStatuses: [] });
    expect(nobody).toEqual({ ok: false, errors: { electorateStatuses: "validation.required" } });
    // The rules across fields once each field reads well (as the server answers them).
    const dates = electionBody({
      ...filled,
      closesAt: "2026-03-16T11:59",
      candidacyDeadline: "2026-03-17T08:00",
    });
    expect(dates).toEqual({
      ok: false,
      errors: { closesAt: "validation.election.window", candidacyDeadline: "validation.election.deadline" },
    });
  });

  it("start from the election being edited, or a proposal in the chosen year", () => {
    const election = {
      ...filled,
      id: 4,
      seats: 3,
      schoolYearId: 11,
      candidacyDeadline: "2026-03-09T23:00:00.000Z",
      opensAt: "2026-03-16T13:00:00.000Z",
      closesAt: "2026-03-16T23:00:00.000Z",
      electorate: { statuses: ["Accepted", "Untreated"], levels: ["CM1"], frozenAt: null },
    } as unknown as ElectionView;
    expect(electionFormValues(election, null, new Date())).toEqual(filled);
    const fresh = electionFormValues(null, 11, new Date("2026-03-02T15:00:00.000Z"));
    // One vote per parent unless the Admin chooses otherwise (the French rule).
    expect(fresh).toMatchObject({
      titleEs: "",
      seats: "",
      schoolYearId: "11",
      opensAt: "2026-03-16T08:00",
      voteUnit: "parent",
      // The accepted requests vote, whatever the level, unless the Admin chooses otherwise.
      electorateStatuses: ["Accepted", "Validated", "Confirmed", "Finished"],
      electorateLevels: [],
    });
  });
});
