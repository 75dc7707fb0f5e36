import { describe, expect, it } from "vitest";
import { translate } from "./translate.ts";

describe("translate", () => {
  it("translates with interpolation", () => {
    expect(translate("en", "errors:RATE_LIMITED", { minutes: 3 })).toBe("Too many attempts. Try again in 3 minutes.");
    expect(translate("fr", "validation:schoolYearRequired")).toBe("L'année scolaire est obligatoire");
  });
  it("picks the plural form by count, as i18next does", () => {
    expect(translate("es", "account:mfa.recoveryLeft", { count: 1 })).toContain("Le queda 1 código");
    expect(translate("es", "account:mfa.recoveryLeft", { count: 3 })).toContain("3 códigos");
    expect(translate("fr", "elections:pdf.votes", { count: 0 })).toBe("0 voix");
  });
  it("falls back to the key when a string is missing (spec 8: missing translations are ignored)", () => {
    expect(translate("en", "errors:NO_SUCH_CODE")).toBe("errors:NO_SUCH_CODE");
  });
});
