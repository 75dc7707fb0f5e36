import { describe, expect, it } from "vitest";
import { csvCell, csvLine, neutraliseFormula } from "./csv.ts";

describe("CSV cells", () => {
  it("neutralises every text a spreadsheet would run as a formula", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(neutraliseFormula(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    }
    expect(neutraliseFormula("María =1")).toBe("María =1");
    expect(neutraliseFormula("")).toBe("");
  });

  it("quotes every cell, doubles inner quotes, and ends a line with CRLF", () => {
    expect(csvCell('Ana "Anita" Loor')).toBe('"Ana ""Anita"" Loor"');
    expect(csvCell(42)).toBe('"42"');
    expect(csvLine(["a;b", "=1+1", -3])).toBe(`"a;b";"'=1+1";"'-3"\r\n`);
  });

  it("leaves a data file's values as they are", () => {
    expect(csvLine(["+593991112222", "=1", 'a"b'], "data")).toBe(`"+593991112222";"=1";"a""b"\r\n`);
  });
});
