import { translate } from "@portal/i18n/translate";
import { LANGUAGE_CODES } from "@portal/shared/languages";
import { describe, expect, it } from "vitest";
import { type DetailNames, detailKeyLabel, detailValue } from "./audit-details.ts";
import { SAFE_KEYS } from "./audit-summary.ts";

const names: DetailNames = {
  schoolYears: new Map([[12, "2026-2027"]]),
  status: (code) => (code === "Accepted" ? "Aceptada" : code),
  level: (code) => (code === "CM1" ? "CM1 (5.º EGB)" : code),
};

describe("audit details in the reader's words", () => {
  it("names every detail the log shows, in the three languages", () => {
    for (const lang of LANGUAGE_CODES) {
      for (const key of SAFE_KEYS) {
        expect(translate(lang, `audit:detailKeys.${key}`), `${lang} ${key}`).not.toBe(`audit:detailKeys.${key}`);
      }
    }
  });

  it("resolves values to the names the screens use", () => {
    expect(detailKeyLabel("es", "schoolYearId")).toBe("Año lectivo");
    expect(detailValue("schoolYearId", 12, "es", names)).toBe("2026-2027");
    expect(detailValue("window", "reenrollment", "es", names)).toBe("Reinscripción");
    expect(detailValue("window", "new", "fr", names)).not.toBe("new");
    expect(detailValue("to", "Accepted", "es", names)).toBe("Aceptada");
    expect(detailValue("completed", false, "en", names)).toBe("No");
    expect(detailValue("opensOn", "2026-01-05", "fr", names)).toBe("05/01/2026");
    expect(detailValue("closedAt", "2026-01-05T15:30:00.000Z", "es", names)).toBe("05/01/2026 10:30");
    expect(detailValue("step", "medicalRecord", "es", names)).toBe("Ficha médica");
    expect(detailValue("role", "Secretaria", "en", names)).not.toBe("Secretaria");
    expect(detailValue("filters", { level: "CM1", testData: "exclude" }, "es", names)).toBe(
      "Nivel: CM1 (5.º EGB), Datos de prueba: Ocultar datos de prueba",
    );
    // A code without a name stays as it is.
    expect(detailValue("code", "INS-2026-0001", "es", names)).toBe("INS-2026-0001");
  });
});
