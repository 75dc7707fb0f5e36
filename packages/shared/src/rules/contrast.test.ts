import { describe, expect, it } from "vitest";
import { contrastWithWhite, isAccessiblePrimary } from "./contrast.ts";
import { DEFAULT_YEAR_CONSTANTS, yearDiscountPercent } from "./year-settings.ts";

describe("primary colour contrast (WCAG AA 4.5:1 with white)", () => {
  it("computes the WCAG ratio", () => {
    expect(contrastWithWhite("#000000")).toBeCloseTo(21, 5);
    expect(contrastWithWhite("#ffffff")).toBeCloseTo(1, 5);
    expect(contrastWithWhite("#767676")).toBeCloseTo(4.54, 2);
  });
  it("accepts dark enough colours and refuses light ones and malformed values", () => {
    expect(isAccessiblePrimary("#1c6bb0")).toBe(true);
    expect(isAccessiblePrimary("#767676")).toBe(true);
    expect(isAccessiblePrimary("#777777")).toBe(false);
    expect(isAccessiblePrimary("#3b9ae1")).toBe(false);
    expect(isAccessiblePrimary("#ffff00")).toBe(false);
    expect(isAccessiblePrimary("1c6bb0")).toBe(false);
  });
});

describe("the year's family discount", () => {
  it("applies the year's percent from the year's number of children", () => {
    expect(yearDiscountPercent(DEFAULT_YEAR_CONSTANTS, 2)).toBe(0);
    expect(yearDiscountPercent(DEFAULT_YEAR_CONSTANTS, 3)).toBe(10);
    const year = { ...DEFAULT_YEAR_CONSTANTS, discountChildren: 2, discountPercent: 15 };
    expect(yearDiscountPercent(year, 2)).toBe(15);
    expect(yearDiscountPercent(year, 1)).toBe(0);
  });
});
