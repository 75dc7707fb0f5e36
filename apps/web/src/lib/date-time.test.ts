import { describe, expect, it } from "vitest";
import { joinDayAndTime, normalTime, splitDayAndTime } from "./date-time.ts";

describe("a day-and-time field's value", () => {
  it("splits and joins back what is being typed, part by part", () => {
    for (const [day, time] of [
      ["2026-12-10", "08:00"],
      ["2026-12-10", "8:"],
      ["", "08:00"],
      ["2026-12-10", ""],
    ] as const) {
      expect(splitDayAndTime(joinDayAndTime(day, time))).toEqual({ day, time });
    }
    expect(joinDayAndTime("", "")).toBe("");
    expect(splitDayAndTime("")).toEqual({ day: "", time: "" });
    expect(splitDayAndTime("2026-12-10T18:00:30")).toEqual({ day: "2026-12-10", time: "18:00:30" });
  });

  it("reads a time of day on a 24-hour clock, the ways people type it", () => {
    expect(normalTime("8:05")).toBe("08:05");
    expect(normalTime(" 08.05 ")).toBe("08:05");
    expect(normalTime("8h05")).toBe("08:05");
    expect(normalTime("18:00:30")).toBe("18:00:30");
    expect(normalTime("23:59")).toBe("23:59");
    for (const wrong of ["24:00", "12:60", "8", "08:5", "8 pm", "", "12:00:61"]) expect(normalTime(wrong)).toBeNull();
  });
});
