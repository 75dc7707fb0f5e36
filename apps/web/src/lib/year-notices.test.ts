import { DEFAULT_YEAR_CONSTANTS, DEFAULT_YEAR_NOTICES } from "@portal/shared/rules/year-settings";
import { describe, expect, it } from "vitest";
import { noticeDefault, noticeText } from "./year-notices.ts";

const year = {
  schoolYearId: 1,
  constants: { ...DEFAULT_YEAR_CONSTANTS, discountPercent: 25, discountChildren: 2, contractSigningHours: 6 },
  notices: { ...DEFAULT_YEAR_NOTICES, print: { es: "Imprima a una cara.", en: "  ", fr: "" } },
};

describe("the notices families see", () => {
  it("quote the year's constants in the built-in text, in the asked language", () => {
    expect(noticeDefault("discount", "es", year.constants)).toBe(
      "Los padres con 2 hijos inscritos en la institución reciben un descuento del 25 %.",
    );
    expect(noticeDefault("contract", "en", year.constants)).toContain("within 6 hours");
    expect(noticeDefault("discount", "fr", DEFAULT_YEAR_CONSTANTS)).toContain("3 enfants");
  });

  it("use the school's own text when there is one, else the built-in one", () => {
    expect(noticeText("print", "es", year, DEFAULT_YEAR_CONSTANTS)).toBe("Imprima a una cara.");
    // Blank counts as empty.
    expect(noticeText("print", "en", year, DEFAULT_YEAR_CONSTANTS)).toBe(
      "Print all the required documents on one side only.",
    );
    expect(noticeText("discount", "en", year, DEFAULT_YEAR_CONSTANTS)).toContain("25% discount");
    // Still loading: the defaults.
    expect(noticeText("discount", "en", undefined, DEFAULT_YEAR_CONSTANTS)).toContain("10% discount");
  });
});
