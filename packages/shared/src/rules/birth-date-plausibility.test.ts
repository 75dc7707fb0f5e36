import { describe, expect, it } from "vitest";
import { checkBirthDate, usualBirthYear } from "./birth-date-plausibility.ts";
import { LEVEL_CODES } from "./levels.ts";

const YEAR_2025 = "2025-09-01";

describe("the level's usual birth year", () => {
  it("follows the French calendar-year cohorts: TPS two years before the school year, CP six, Terminale seventeen", () => {
    expect(usualBirthYear("TPS", YEAR_2025)).toBe(2023);
    expect(usualBirthYear("PS", YEAR_2025)).toBe(2022);
    expect(usualBirthYear("CP", YEAR_2025)).toBe(2019);
    expect(usualBirthYear("CM2", YEAR_2025)).toBe(2015);
    expect(usualBirthYear("6E", YEAR_2025)).toBe(2014);
    expect(usualBirthYear("TLE", YEAR_2025)).toBe(2008);
  });

  it("moves one year per level", () => {
    const years = LEVEL_CODES.map((level) => usualBirthYear(level, YEAR_2025));
    expect(years.slice(1).every((year, i) => year === (years[i] ?? 0) - 1)).toBe(true);
  });
});

describe("a birth date against a level", () => {
  const check = (birthDate: string, level: "CP" | "CM2" | "TLE" | "TPS") =>
    checkBirthDate({ birthDate, level, schoolYearStartsOn: YEAR_2025 });

  it("is plausible at the usual age, one year younger, or up to two years older", () => {
    expect(check("2019-12-31", "CP")).toEqual({ usualBirthYear: 2019, birthYear: 2019, yearsOff: 0, plausible: true });
    expect(check("2020-01-01", "CP")).toMatchObject({ yearsOff: -1, plausible: true });
    expect(check("2018-06-01", "CP")).toMatchObject({ yearsOff: 1, plausible: true });
    expect(check("2017-01-01", "CP")).toMatchObject({ yearsOff: 2, plausible: true });
  });

  it("asks for a confirmation two years younger or three years older", () => {
    expect(check("2021-03-14", "CP")).toMatchObject({ yearsOff: -2, plausible: false });
    expect(check("2016-12-31", "CP")).toMatchObject({ yearsOff: 3, plausible: false });
    expect(check("2015-03-14", "TPS")).toMatchObject({ usualBirthYear: 2023, yearsOff: 8, plausible: false });
    expect(check("2015-03-14", "TLE")).toMatchObject({ usualBirthYear: 2008, yearsOff: -7, plausible: false });
  });

  it("the tests' usual student (born in 2015, in CM2) is plausible", () => {
    expect(check("2015-03-14", "CM2")?.plausible).toBe(true);
  });

  it("says nothing without a birth date, a level or a school year", () => {
    expect(checkBirthDate({ birthDate: null, level: "CP", schoolYearStartsOn: YEAR_2025 })).toBeNull();
    expect(checkBirthDate({ birthDate: "2019-01-01", level: null, schoolYearStartsOn: YEAR_2025 })).toBeNull();
    expect(checkBirthDate({ birthDate: "2019-01-01", level: "CP", schoolYearStartsOn: "" })).toBeNull();
    expect(checkBirthDate({ birthDate: "garbage", level: "CP", schoolYearStartsOn: YEAR_2025 })).toBeNull();
  });
});
