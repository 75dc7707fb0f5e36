import { isWindowOpen, windowRangeProblem } from "@portal/shared/rules/school-year-windows";
import { describe, expect, it } from "vitest";
import { demoCalendar } from "./demo-calendar.ts";

describe("the demo's calendar", () => {
  it("makes the year in progress (or about to start) current, and moves the rest by whole years", () => {
    expect(demoCalendar("2026-12-07")).toEqual({
      shift: 1,
      past: { label: "2025-2026", startsOn: "2025-09-02", endsOn: "2026-07-04" },
      current: { label: "2026-2027", startsOn: "2026-09-01", endsOn: "2027-07-03" },
      next: { label: "2027-2028", startsOn: "2027-09-01", endsOn: "2028-07-03" },
      window: { opensOn: "2026-11-07", closesOn: "2027-07-03" },
    });
    expect(demoCalendar("2026-07-03").current.label).toBe("2025-2026");
    expect(demoCalendar("2026-07-04").current.label).toBe("2026-2027");
    expect(demoCalendar("2025-11-23").shift).toBe(0);
  });

  it("opens both windows on every day of the year, inside the range the Admin's screen accepts", () => {
    for (let day = "2026-01-01"; day < "2028-01-01"; day = nextDay(day)) {
      const calendar = demoCalendar(day);
      const window = { opensOn: calendar.window.opensOn, closesOn: calendar.window.closesOn };
      expect(windowRangeProblem(window, calendar.current), day).toBeNull();
      expect(isWindowOpen({ ...window, closedAt: null }, day, false), day).toBe(true);
      expect(calendar.past.endsOn < calendar.current.startsOn, day).toBe(true);
    }
  });
});

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
