import { describe, expect, it } from "vitest";
import { dayFormatOf, formatDay, formatInstant, formatInstantDay, parseTypedDay } from "./dates.ts";

const LANGUAGES = ["es", "en", "fr"] as const;

describe("days typed and shown as DD/MM/YYYY", () => {
  it.each(LANGUAGES)("%s reads and writes day/month/year", (language) => {
    expect(dayFormatOf(language)).toBe("DD/MM/YYYY");
    expect(parseTypedDay("20/05/2014", language)).toBe("2014-05-20");
    expect(formatDay("2014-05-20", language)).toBe("20/05/2014");
    // The day comes first: 05/06 is the fifth of June in English too.
    expect(parseTypedDay("05/06/2014", language)).toBe("2014-06-05");
    expect(formatDay(parseTypedDay("01/12/1999", language), language)).toBe("01/12/1999");
  });

  it("accepts one-digit days and months, other separators and a pasted ISO day", () => {
    expect(parseTypedDay("1/5/2014", "es")).toBe("2014-05-01");
    expect(parseTypedDay(" 20-05-2014 ", "fr")).toBe("2014-05-20");
    expect(parseTypedDay("20.05.2014", "en")).toBe("2014-05-20");
    expect(parseTypedDay("2014-05-20", "es")).toBe("2014-05-20");
  });

  it("gives nothing for a day not typed whole or that does not exist", () => {
    for (const text of [
      "",
      "20",
      "20/05",
      "20/05/201",
      "20/05/14",
      "31/02/2014",
      "00/05/2014",
      "20/13/2014",
      "2014-02-30",
      "abc",
    ]) {
      expect(parseTypedDay(text, "es")).toBeNull();
    }
    expect(parseTypedDay("29/02/2024", "fr")).toBe("2024-02-29");
    expect(parseTypedDay("29/02/2023", "fr")).toBeNull();
  });

  it("shows an empty or unreadable value as it is", () => {
    expect(formatDay("", "es")).toBe("");
    expect(formatDay(null, "es")).toBe("");
    expect(formatDay("texto", "fr")).toBe("texto");
  });
});

describe("instants shown day first", () => {
  // Midday UTC: the same calendar day in any time zone the test machine may have.
  const noon = "2014-05-20T12:00:00.000Z";
  it.each(LANGUAGES)("%s prints 20/05/2014", (language) => {
    expect(formatInstantDay(noon, language)).toBe("20/05/2014");
    expect(formatInstant(noon, language)).toMatch(/^20\/05\/2014,? \d{2}:\d{2}$/);
  });
  it("keeps an unreadable instant as it is", () => {
    expect(formatInstantDay("nope", "es")).toBe("nope");
    expect(formatInstant(null, "es")).toBe("");
  });
});
