import { describe, expect, it } from "vitest";
import { campaignState, daysBetween, dueReminder } from "./campaign-reminders.ts";

const schedule = { deadline: "2027-01-31", openedOn: "2027-01-01" };

describe("a campaign's reminder schedule", () => {
  it("counts calendar days", () => {
    expect(daysBetween("2027-01-01", "2027-01-31")).toBe(30);
    expect(daysBetween("2027-02-01", "2027-01-31")).toBe(-1);
  });

  it("is silent before the first reminder's day and after the deadline", () => {
    expect(dueReminder([14, 7, 1], schedule, "2027-01-16")).toBeNull();
    expect(dueReminder([14, 7, 1], schedule, "2027-02-01")).toBeNull();
  });

  it("names the latest reminder due, from its day to the next one's", () => {
    expect(dueReminder([14, 7, 1], schedule, "2027-01-17")).toBe(14);
    expect(dueReminder([14, 7, 1], schedule, "2027-01-23")).toBe(14);
    expect(dueReminder([1, 14, 7], schedule, "2027-01-24")).toBe(7);
    expect(dueReminder([14, 7, 1], schedule, "2027-01-30")).toBe(1);
    expect(dueReminder([14, 7, 1], schedule, "2027-01-31")).toBe(1);
  });

  it("skips the reminders whose day is the opening's or before it", () => {
    const late = { deadline: "2027-01-31", openedOn: "2027-01-24" };
    expect(dueReminder([14, 7, 1], late, "2027-01-24")).toBeNull();
    expect(dueReminder([14, 7, 1], late, "2027-01-29")).toBeNull();
    expect(dueReminder([14, 7, 1], late, "2027-01-30")).toBe(1);
    expect(dueReminder([], schedule, "2027-01-30")).toBeNull();
  });

  it("says scheduled, open or closed, both days included", () => {
    const dates = { opensOn: "2027-01-01", deadline: "2027-01-31" };
    expect(campaignState(dates, "2026-12-31")).toBe("scheduled");
    expect(campaignState(dates, "2027-01-01")).toBe("open");
    expect(campaignState(dates, "2027-01-31")).toBe("open");
    expect(campaignState(dates, "2027-02-01")).toBe("closed");
  });
});
