import { describe, expect, it } from "vitest";
import { requestableLevels } from "./levels.ts";
import { addMonths, isWindowOpen, schoolDay, windowRangeProblem } from "./school-year-windows.ts";

describe("enrollment windows", () => {
  const window = { opensOn: "2026-03-01", closesOn: "2026-06-30", closedAt: null };

  it("is open from its first to its last day, both included", () => {
    expect(isWindowOpen(window, "2026-02-28", false)).toBe(false);
    expect(isWindowOpen(window, "2026-03-01", false)).toBe(true);
    expect(isWindowOpen(window, "2026-06-30", false)).toBe(true);
    expect(isWindowOpen(window, "2026-07-01", true)).toBe(false);
  });

  it("is closed once closed early, and follows the legacy switch only without dates", () => {
    expect(isWindowOpen({ ...window, closedAt: "2026-04-01T12:00:00.000Z" }, "2026-04-02", true)).toBe(false);
    const none = { opensOn: null, closesOn: null, closedAt: null };
    expect(isWindowOpen(none, "2026-04-02", true)).toBe(true);
    expect(isWindowOpen(none, "2026-04-02", false)).toBe(false);
    expect(isWindowOpen({ ...none, closedAt: "2026-04-01T12:00:00.000Z" }, "2026-04-02", true)).toBe(false);
  });

  it("counts days in the school's time zone (UTC−5)", () => {
    expect(schoolDay(new Date("2026-07-01T03:00:00Z"))).toBe("2026-06-30");
    expect(schoolDay(new Date("2026-07-01T05:00:00Z"))).toBe("2026-07-01");
  });

  it("turns the day at the school's midnight to the millisecond, whatever was asked before", () => {
    // It keeps the last day worked out: asked in any order, each instant gets its own day.
    const asked = [
      ["2026-07-01T04:59:59.999Z", "2026-06-30"],
      ["2026-07-01T05:00:00.000Z", "2026-07-01"],
      ["2026-07-02T04:59:59.999Z", "2026-07-01"],
      ["2026-07-02T05:00:00.000Z", "2026-07-02"],
      ["2026-07-01T04:59:59.999Z", "2026-06-30"],
      ["1969-12-31T12:00:00.000Z", "1969-12-31"],
      ["1970-01-01T04:59:59.999Z", "1969-12-31"],
      ["1970-01-01T05:00:00.000Z", "1970-01-01"],
      ["2026-07-01T05:00:00.000Z", "2026-07-01"],
    ] as const;
    for (const [instant, day] of asked) expect(schoolDay(new Date(instant)), instant).toBe(day);
  });

  it("moves days by months, clamping to the month's end", () => {
    expect(addMonths("2026-09-01", -12)).toBe("2025-09-01");
    expect(addMonths("2026-03-31", -1)).toBe("2026-02-28");
    expect(addMonths("2026-11-23", 12)).toBe("2027-11-23");
  });

  it("keeps a window between 12 months before the first school day and the last school day", () => {
    const year = { startsOn: "2026-09-01", endsOn: "2027-07-02" };
    expect(windowRangeProblem({ opensOn: "2025-09-01", closesOn: "2027-07-02" }, year)).toBeNull();
    expect(windowRangeProblem({ opensOn: "2025-08-31", closesOn: "2026-01-01" }, year)?.field).toBe("opensOn");
    expect(windowRangeProblem({ opensOn: "2026-01-01", closesOn: "2027-07-03" }, year)?.field).toBe("closesOn");
    expect(windowRangeProblem({ opensOn: null, closesOn: null }, year)).toBeNull();
  });
});

describe("levels offered by the year", () => {
  it("narrows the requestable levels to the ones the year offers", () => {
    expect(requestableLevels({ isNewStudent: true, offered: ["CP", "CE1"] })).toEqual(["CP", "CE1"]);
    expect(requestableLevels({ isNewStudent: false, currentLevel: "CM2", offered: ["6E"] })).toEqual(["6E"]);
    expect(requestableLevels({ isNewStudent: false, currentLevel: "CM2", offered: ["CP"] })).toEqual([]);
    expect(requestableLevels({ isNewStudent: false, currentLevel: "CM2", offered: null })).toEqual(["6E"]);
  });
});
