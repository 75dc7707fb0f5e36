import { describe, expect, it } from "vitest";
import { translateValidationMessage, validationMessageKey } from "./validation-message.ts";

describe("validationMessageKey", () => {
  it("maps schema keys to the validation namespace", () => {
    expect(validationMessageKey("validation.schoolYearRequired")).toBe("validation:schoolYearRequired");
    expect(validationMessageKey("validation.breach.categoriesRequired")).toBe("validation:breach.categoriesRequired");
  });

  it("leaves server text alone", () => {
    expect(validationMessageKey("El correo electrónico es obligatorio")).toBeNull();
    expect(validationMessageKey("validation.")).toBeNull();
    expect(validationMessageKey("validation.a..b")).toBeNull();
  });
});

describe("translateValidationMessage", () => {
  const t = (key: string) => `<${key}>`;
  it("translates keys and passes text through", () => {
    expect(translateValidationMessage("validation.required", t)).toBe("<validation:required>");
    expect(translateValidationMessage("Already translated", t)).toBe("Already translated");
    expect(translateValidationMessage(undefined, t)).toBeUndefined();
  });
});
