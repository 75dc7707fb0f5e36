import { describe, expect, it } from "vitest";
import { addDays, schoolDate, submissionWindow } from "./school-days.ts";

describe("school days (America/Guayaquil, UTC−5)", () => {
  it("reads an instant as the school's calendar day", () => {
    expect(schoolDate(new Date("2025-03-10T04:59:59.999Z"))).toBe("2025-03-09");
    expect(schoolDate(new Date("2025-03-10T05:00:00.000Z"))).toBe("2025-03-10");
    expect(schoolDate(new Date("2025-01-01T02:00:00.000Z"))).toBe("2024-12-31");
  });

  it("moves days across months, years and leap days", () => {
    expect(addDays("2025-03-01", -1)).toBe("2025-02-28");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(addDays("2025-01-30", -29)).toBe("2025-01-01");
  });

  it("shows the 30 days ending today, or ending on the last submission of a past year", () => {
    expect(submissionWindow("2025-09-30", null)).toEqual({ from: "2025-09-01", to: "2025-09-30" });
    expect(submissionWindow("2025-09-30", "2025-09-30")).toEqual({ from: "2025-09-01", to: "2025-09-30" });
    // Still inside the window: the window ends today.
    expect(submissionWindow("2025-09-30", "2025-09-01")).toEqual({ from: "2025-09-01", to: "2025-09-30" });
    // Older than the window: it ends on the last submission.
    expect(submissionWindow("2025-09-30", "2025-08-31")).toEqual({ from: "2025-08-02", to: "2025-08-31" });
  });
});
