import { describe, expect, it } from "vitest";
import { gridValues, niceMax, percentOf } from "./chart-scale.ts";

describe("chart scale", () => {
  it("rounds the busiest day up to 1, 2 or 5 times a power of ten", () => {
    expect([0, 1, 2, 3, 5, 7, 10, 11, 19, 20, 21, 99, 101, 450].map(niceMax)).toEqual([
      1, 1, 2, 5, 5, 10, 10, 20, 20, 20, 50, 100, 200, 500,
    ]);
  });

  it("draws grid lines on whole numbers", () => {
    expect(gridValues(1)).toEqual([0, 1]);
    expect(gridValues(2)).toEqual([0, 1, 2]);
    expect(gridValues(5)).toEqual([0, 5]);
    expect(gridValues(20)).toEqual([0, 10, 20]);
  });

  it("gives shares as whole percentages", () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(0, 0)).toBe(0);
  });
});
