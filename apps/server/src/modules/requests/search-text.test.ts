import { describe, expect, it } from "vitest";
import { escapeLike, normaliseForSearch, searchText, searchWords } from "./search-text.ts";

describe("search normalisation", () => {
  it("drops accents, case and punctuation", () => {
    expect(normaliseForSearch("  PÉREZ Núñez, Jean-Pierre  ")).toBe("perez nunez jean pierre");
    expect(normaliseForSearch("Ñandú Çağlar Œuvre Ærø Straße")).toBe("nandu caglar oeuvre aero strasse");
    expect(normaliseForSearch("O'Brien  d’Alembert")).toBe("o brien d alembert");
    expect(normaliseForSearch("PA1234567")).toBe("pa1234567");
  });

  it("turns LIKE wildcards into spaces, so a word never carries one", () => {
    expect(searchWords("100% _x_ a\\b")).toEqual(["100", "x", "a", "b"]);
  });

  it("splits a query into at most 8 distinct words", () => {
    expect(searchWords("  ")).toEqual([]);
    expect(searchWords(undefined)).toEqual([]);
    expect(searchWords("ana ANA Ána lucía")).toEqual(["ana", "lucia"]);
    expect(searchWords("a b c d e f g h i j")).toHaveLength(8);
  });

  it("writes the three segments in order", () => {
    expect(searchText({ student: "Ana Pérez 1714307103", first: "Carmen Loor PASS1", second: "" })).toBe(
      "ana perez 1714307103 | carmen loor pass1 # ",
    );
  });

  it("escapes LIKE wildcards", () => {
    expect(escapeLike("50%_off\\")).toBe("50\\%\\_off\\\\");
  });
});
