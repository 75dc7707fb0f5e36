import { describe, expect, it } from "vitest";
import { containsPersonalInfo, personalParts } from "./password-personal.ts";

const owner = { email: "maria.andrade@school.ec", names: ["María José", "Andrade", "de la Torre", null] };

describe("containsPersonalInfo", () => {
  it("takes the e-mail's local part and every name and surname word of 3+ characters, folded", () => {
    expect(personalParts(owner).sort()).toEqual(["andrade", "jose", "maria", "maria.andrade", "torre"].sort());
  });
  it.each([
    "maria.andrade2025",
    "my name is MARIA and I like it",
    "Andrade-for-ever!",
    "soy josé y nada más",
    "la TORRE de babel 7",
  ])("refuses %s", (password) => expect(containsPersonalInfo(password, owner)).toBe(true));
  it.each(["correct horse battery staple", "ma ri a and rade", "dela plage 2025!"])("accepts %s", (password) =>
    expect(containsPersonalInfo(password, owner)).toBe(false),
  );
  it("ignores parts under 3 characters", () => {
    expect(containsPersonalInfo("a long li passphrase", { email: "li@x.ec", names: ["Li", "Ng"] })).toBe(false);
    expect(containsPersonalInfo("a long passphrase for ana", { email: "a@x.ec", names: ["Ana"] })).toBe(true);
  });
});
