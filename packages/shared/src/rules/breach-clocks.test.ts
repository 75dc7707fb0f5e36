import { describe, expect, it } from "vitest";
import { addWorkingDays, breachClock, clockNeedsReminder, isWorkingDay, workingDaysLeft } from "./breach-clocks.ts";

// 2026-12-07 is a Monday.
describe("the breach clocks (working days, from the day after discovery)", () => {
  it("skips weekends", () => {
    expect(isWorkingDay("2026-12-07")).toBe(true);
    expect(isWorkingDay("2026-12-12")).toBe(false);
    expect(isWorkingDay("2026-12-13")).toBe(false);
  });

  it("puts the Authority's five days on the next Monday and the families' three on Thursday", () => {
    expect(addWorkingDays("2026-12-07", 5)).toBe("2026-12-14");
    expect(addWorkingDays("2026-12-07", 3)).toBe("2026-12-10");
  });

  it("starts a breach found on a Friday or a weekend on the Monday after", () => {
    expect(addWorkingDays("2026-12-11", 3)).toBe("2026-12-16");
    expect(addWorkingDays("2026-12-12", 3)).toBe("2026-12-16");
    expect(addWorkingDays("2026-12-13", 5)).toBe("2026-12-18");
  });

  it("counts working days left, 0 on the due day, negative when late", () => {
    expect(workingDaysLeft("2026-12-07", "2026-12-14")).toBe(5);
    expect(workingDaysLeft("2026-12-11", "2026-12-14")).toBe(1);
    expect(workingDaysLeft("2026-12-12", "2026-12-14")).toBe(1);
    expect(workingDaysLeft("2026-12-14", "2026-12-14")).toBe(0);
    expect(workingDaysLeft("2026-12-15", "2026-12-14")).toBe(-1);
    expect(workingDaysLeft("2026-12-19", "2026-12-14")).toBe(-4);
  });

  it("marks a clock overdue only while it is open, and reminds within a working day", () => {
    const late = breachClock("2026-12-07", 3, "2026-12-11", null);
    expect(late).toEqual({ dueOn: "2026-12-10", daysLeft: -1, overdue: true, doneOn: null });
    expect(clockNeedsReminder(late)).toBe(true);
    const done = breachClock("2026-12-07", 3, "2026-12-11", "2026-12-09");
    expect(done.overdue).toBe(false);
    expect(clockNeedsReminder(done)).toBe(false);
    expect(clockNeedsReminder(breachClock("2026-12-07", 5, "2026-12-10", null))).toBe(false);
    expect(clockNeedsReminder(breachClock("2026-12-07", 5, "2026-12-11", null))).toBe(true);
    expect(clockNeedsReminder(null)).toBe(false);
  });
});
