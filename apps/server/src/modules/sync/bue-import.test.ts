import { describe, expect, it } from "vitest";
import { parseBueImport, splitCsvLine } from "./bue-import.ts";

describe("splitCsvLine", () => {
  it("reads quoted cells with doubled quotes and separators inside", () => {
    expect(splitCsvLine('"a;b";"say ""hi""";  c ', ";")).toEqual(["a;b", 'say "hi"', "c"]);
  });
  it("answers null for an unclosed quote", () => {
    expect(splitCsvLine('"abc;def', ";")).toBeNull();
  });
});

describe("parseBueImport", () => {
  it("skips the BOM, a header line and empty lines; detects the comma", () => {
    const parsed = parseBueImport(
      "\uFEFFrequestCode,studentCode,rep1ContactCodeBue,rep2ContactCodeBue\r\n\r\nINS-1,S1,C1,\nINS-2,S2\n",
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.lines).toEqual([
      { line: 3, requestCode: "INS-1", studentCode: "S1", rep1ContactCodeBue: "C1", rep2ContactCodeBue: "" },
      { line: 4, requestCode: "INS-2", studentCode: "S2", rep1ContactCodeBue: "", rep2ContactCodeBue: "" },
    ]);
  });

  it("names each bad line with its number and reason", () => {
    const parsed = parseBueImport(
      [
        "INS-1;S1;C1;C2",
        "INS-1;S9",
        "only-one",
        "INS 3;S3",
        "INS-4;bad code",
        "INS-5;;",
        '"INS-6;S6',
        "INS-7;S;C;D;E",
      ].join("\n"),
    );
    expect(parsed.lines.map((l) => l.line)).toEqual([1]);
    expect(parsed.errors).toEqual([
      { line: 2, reason: "duplicate" },
      { line: 3, reason: "columns" },
      { line: 4, reason: "requestCode" },
      { line: 5, reason: "studentCode" },
      { line: 6, reason: "noCodes" },
      { line: 7, reason: "quotes" },
      { line: 8, reason: "columns" },
    ]);
  });

  it("ignores trailing empty cells a spreadsheet adds", () => {
    expect(parseBueImport("INS-1;S1;;;;\n").errors).toEqual([]);
  });
});
