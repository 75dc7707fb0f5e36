import { translate } from "@portal/i18n/translate";
import type { Language } from "@portal/shared/languages";
import { DEFAULT_YEAR_CONSTANTS, DEFAULT_YEAR_NOTICES } from "@portal/shared/rules/year-settings";
import { describe, expect, it } from "vitest";
import { noticeDefault, noticeText } from "./year-notices.ts";

/** The server's translate over the same catalogs, standing in for i18next's getFixedT. */
const inLanguage = (lang: Language) => (key: string, vars: Record<string, string | number>) =>
  translate(lang, key, vars);

const year = {
  schoolYearId: 1,
  constants: { ...DEFAULT_YEAR_CONSTANTS, discountPercent: 25, discountChildren: 2, contractSigningHours: 6 },
  notices: { ...DEFAULT_YEAR_NOTICES, print: { es: "Imprima a una cara.", en: "  ", fr: "" } },
};

describe("the notices families see", () => {
  it("quote the year's constants in the built-in text, in the asked language", () => {
    expect(noticeDefault("discount", inLanguage("es"), year.constants)).toBe(
      "Los padres con 2 hijos inscritos en la institución reciben un descuento del 25 %.",
    );
    expect(noticeDefault("contract", inLanguage("en"), year.constants)).toContain("within 6 hours");
    expect(noticeDefault("discount", inLanguage("fr"), DEFAULT_YEAR_CONSTANTS)).toContain("3 enfants");
  });

  it("use the school's own text when there is one, else the built-in one", () => {
    expect(noticeText("print", "es", inLanguage("es"), year, DEFAULT_YEAR_CONSTANTS)).toBe("Imprima a una cara.");
    // Blank counts as empty.
    expect(noticeText("print", "en", inLanguage("en"), year, DEFAULT_YEAR_CONSTANTS)).toBe(
      "Print all the required documents on one side only.",
    );
    expect(noticeText("discount", "en", inLanguage("en"), year, DEFAULT_YEAR_CONSTANTS)).toContain("25% discount");
    // Still loading: the defaults.
    expect(noticeText("discount", "en", inLanguage("en"), undefined, DEFAULT_YEAR_CONSTANTS)).toContain("10% discount");
  });

  it('once the file is sent, no longer say "when you finish" about the contract, in any language', () => {
    const before = { es: "Al terminar", en: "When you finish", fr: "Une fois terminé" } as const;
    for (const lang of ["es", "en", "fr"] as const) {
      expect(noticeText("contract", lang, inLanguage(lang), year, DEFAULT_YEAR_CONSTANTS)).toContain(before[lang]);
      const sent = noticeText("contract", lang, inLanguage(lang), year, DEFAULT_YEAR_CONSTANTS, true);
      expect(sent).not.toContain(before[lang]);
      expect(sent).toContain("6");
    }
    expect(noticeText("contract", "es", inLanguage("es"), year, DEFAULT_YEAR_CONSTANTS, true)).toBe(
      "Firme el contrato que le enviaremos por correo electrónico en un plazo de 6 horas y entregue los documentos firmados en secretaría.",
    );
    // Only the contract has words for after sending; the others read the same.
    expect(noticeText("discount", "es", inLanguage("es"), year, DEFAULT_YEAR_CONSTANTS, true)).toBe(
      noticeText("discount", "es", inLanguage("es"), year, DEFAULT_YEAR_CONSTANTS),
    );
  });
});
