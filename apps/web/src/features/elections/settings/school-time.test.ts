import { describe, expect, it } from "vitest";
import { fromSchoolInput, proposedWindow, toSchoolInput } from "./school-time.ts";

describe("election times in the school's time (UTC−5)", () => {
  it("shows an instant as the school's local date and time", () => {
    expect(toSchoolInput("2026-03-02T13:00:00.000Z")).toBe("2026-03-02T08:00");
    // Across midnight: 02:30 UTC is still the previous evening in Quito.
    expect(toSchoolInput("2026-03-02T02:30:00.000Z")).toBe("2026-03-01T21:30");
    expect(toSchoolInput("")).toBe("");
    expect(toSchoolInput(null)).toBe("");
    expect(toSchoolInput("not a date")).toBe("");
  });

  it("reads the input back as a UTC instant, the same whatever the browser's zone", () => {
    expect(fromSchoolInput("2026-03-02T08:00")).toBe("2026-03-02T13:00:00.000Z");
    expect(fromSchoolInput("2026-03-01T21:30:15")).toBe("2026-03-02T02:30:15.000Z");
    expect(fromSchoolInput(toSchoolInput("2026-12-31T23:59:00.000Z"))).toBe("2026-12-31T23:59:00.000Z");
    // The time as typed in the field: one-digit hours, a dot or an "h".
    expect(fromSchoolInput("2026-03-02T8:00")).toBe("2026-03-02T13:00:00.000Z");
    expect(fromSchoolInput("2026-03-02T8h30")).toBe("2026-03-02T13:30:00.000Z");
  });

  it("leaves what it cannot read for the schema to refuse", () => {
    expect(fromSchoolInput("")).toBe("");
    expect(fromSchoolInput("2026-02-32T08:00")).toBe("2026-02-32T08:00");
    expect(fromSchoolInput("tomorrow")).toBe("tomorrow");
    expect(fromSchoolInput("T08:00")).toBe("T08:00");
    expect(fromSchoolInput("2026-03-02T")).toBe("2026-03-02T");
    expect(fromSchoolInput("2026-03-02T25:00")).toBe("2026-03-02T25:00");
  });

  it("proposes a ten-hour poll in two weeks, candidacies closing a week before", () => {
    const window = proposedWindow(new Date("2026-03-02T15:00:00.000Z"));
    expect(window).toEqual({
      candidacyDeadline: "2026-03-09T18:00",
      opensAt: "2026-03-16T08:00",
      closesAt: "2026-03-16T18:00",
    });
  });
});
