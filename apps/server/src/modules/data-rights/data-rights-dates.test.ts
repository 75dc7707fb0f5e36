import { describe, expect, it } from "vitest";
import { ageOn, daysLeft, deadlineFor, mayActAlone, schoolToday } from "./data-rights-dates.ts";

describe("data-rights requests' dates", () => {
  it("gives 15 calendar days after the filing day, across months and years", () => {
    expect(deadlineFor("2026-12-07")).toBe("2026-12-22");
    expect(deadlineFor("2026-12-20")).toBe("2027-01-04");
    expect(deadlineFor("2028-02-20")).toBe("2028-03-06");
  });

  it("counts the days left down to 0 on the last day, then negative", () => {
    expect(daysLeft("2026-12-22", "2026-12-07")).toBe(15);
    expect(daysLeft("2026-12-22", "2026-12-22")).toBe(0);
    expect(daysLeft("2026-12-22", "2026-12-24")).toBe(-2);
  });

  it("takes today in the school's time zone (UTC−5)", () => {
    expect(schoolToday(new Date("2026-12-08T04:59:00Z"))).toBe("2026-12-07");
    expect(schoolToday(new Date("2026-12-08T05:00:00Z"))).toBe("2026-12-08");
  });

  it("lets an adolescent act alone from the 15th birthday, not the day before", () => {
    expect(ageOn("2011-12-07", "2026-12-07")).toBe(15);
    expect(mayActAlone("2011-12-07", "2026-12-07")).toBe(true);
    expect(mayActAlone("2011-12-08", "2026-12-07")).toBe(false);
    expect(mayActAlone("2012-02-29", "2027-02-28")).toBe(false);
    expect(mayActAlone("2012-02-29", "2027-03-01")).toBe(true);
    expect(mayActAlone(null, "2026-12-07")).toBe(false);
  });
});
