import { describe, expect, it } from "vitest";
import { canAddAuthorizedPerson, familyDiscountPercent, MAX_AUTHORIZED_PERSONS } from "./family.ts";
import { isValidCedula, isValidDocumentNumber, isValidPassport } from "./identification.ts";
import { canExitAlone, LEVEL_CODES, nextLevel, requestableLevels } from "./levels.ts";
import { ageInYears, vaccinationBookletRequired } from "./medical.ts";

describe("cédula", () => {
  it.each(["1714307103", "0962467429"])("accepts %s", (value) => expect(isValidCedula(value)).toBe(true));
  it.each([
    ["1714307104", "wrong check digit"],
    ["171430710", "nine digits"],
    ["17143071031", "eleven digits"],
    ["17143O7103", "a letter"],
    ["2514307103", "province 25"],
    ["2512345675", "province 25 with a right check digit"],
    ["5012345674", "province 50 with a wrong check digit"],
    ["0014307103", "province 00"],
  ])("refuses %s (%s)", (value) => expect(isValidCedula(value)).toBe(false));
  it("accepts a resident foreigner's cédula (province 50)", () => {
    expect(isValidCedula("5012345673")).toBe(true);
  });
  it("accepts province 30 and a third digit above 5 when the check digit is right", () => {
    // 30 + 7 + 1234567 → compute the check digit the same way the registry does.
    const body = "307123456";
    const sum = [...body].map(Number).reduce((acc, digit, i) => {
      const product = digit * (i % 2 === 0 ? 2 : 1);
      return acc + (product > 9 ? product - 9 : product);
    }, 0);
    expect(isValidCedula(`${body}${(10 - (sum % 10)) % 10}`)).toBe(true);
  });
});

describe("document numbers", () => {
  it("checks passports as 5 to 20 letters and digits", () => {
    expect(isValidPassport("AB1234")).toBe(true);
    expect(isValidPassport("AB12")).toBe(false);
    expect(isValidPassport("AB-1234")).toBe(false);
    expect(isValidPassport("A".repeat(21))).toBe(false);
  });
  it("dispatches on the identification type", () => {
    expect(isValidDocumentNumber(1, "1714307103")).toBe(true);
    expect(isValidDocumentNumber(2, "1714307103")).toBe(true);
    expect(isValidDocumentNumber(1, "AB123456")).toBe(false);
    expect(isValidDocumentNumber(3, "AB123456")).toBe(false);
  });
});

describe("level progression", () => {
  it("goes one level up, none after Terminale", () => {
    expect(nextLevel("GS")).toBe("CP");
    expect(nextLevel("3E")).toBe("2NDE");
    expect(nextLevel("TLE")).toBeNull();
  });
  it("offers a re-enrollment only the next level, a first enrollment any level", () => {
    expect(requestableLevels({ isNewStudent: false, currentLevel: "CM2" })).toEqual(["6E"]);
    expect(requestableLevels({ isNewStudent: false, currentLevel: "TLE" })).toEqual([]);
    expect(requestableLevels({ isNewStudent: true, currentLevel: "CM2" })).toEqual([...LEVEL_CODES]);
  });
});

describe("exit alone", () => {
  it("is offered only for Seconde, Première and Terminale", () => {
    expect(LEVEL_CODES.filter(canExitAlone)).toEqual(["2NDE", "1RE", "TLE"]);
  });
});

describe("vaccination booklet", () => {
  it("counts age in full years", () => {
    expect(ageInYears("2019-09-02", "2025-09-01")).toBe(5);
    expect(ageInYears("2019-09-01", "2025-09-01")).toBe(6);
  });
  it("is required for new students whatever their age", () => {
    expect(vaccinationBookletRequired({ isNewStudent: true, birthDate: "2010-01-01", on: "2025-09-01" })).toBe(true);
  });
  it("is required up to 6 years old, not from 7", () => {
    expect(vaccinationBookletRequired({ isNewStudent: false, birthDate: "2018-09-02", on: "2025-09-01" })).toBe(true);
    expect(vaccinationBookletRequired({ isNewStudent: false, birthDate: "2018-09-01", on: "2025-09-01" })).toBe(false);
  });
});

describe("authorized persons and family discount", () => {
  it("allows at most 3 authorized persons", () => {
    expect(MAX_AUTHORIZED_PERSONS).toBe(3);
    expect(canAddAuthorizedPerson(2)).toBe(true);
    expect(canAddAuthorizedPerson(3)).toBe(false);
  });
  it("gives 10% from the third child enrolled in the year", () => {
    expect(familyDiscountPercent(2)).toBe(0);
    expect(familyDiscountPercent(3)).toBe(10);
  });
});
