import { describe, expect, it } from "vitest";
import { translate } from "./translate.ts";

describe("translate", () => {
  it("translates with interpolation", () => {
    expect(translate("en", "errors:RATE_LIMITED", { minutes: 3 })).toBe("Too many attempts. Try again in 3 minutes.");
    expect(translate("fr", "validation:schoolYearRequired")).toBe("L'année scolaire est obligatoire");
  });
  it("falls back to the key when a string is missing (spec 8: missing translations are ignored)", () => {
    expect(translate("en", "errors:NO_SUCH_CODE")).toBe("errors:NO_SUCH_CODE");
  });
});
