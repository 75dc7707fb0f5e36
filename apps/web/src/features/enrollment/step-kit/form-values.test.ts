import { describe, expect, it } from "vitest";
import {
  bool,
  checkPdfUpload,
  decimalText,
  fileIdOf,
  numText,
  str,
  textToNumber,
  usesDecimalComma,
  yesNoText,
  yesNoValue,
} from "./form-values.ts";

describe("step form values", () => {
  it("reads saved data defensively", () => {
    expect(str("Ana")).toBe("Ana");
    expect(str(12)).toBe("");
    expect(numText(1.5)).toBe("1.5");
    expect(numText("1.5")).toBe("");
    expect(bool(true)).toBe(true);
    expect(bool("true")).toBe(false);
    expect(bool(undefined, true)).toBe(true);
    expect(fileIdOf(7)).toBe(7);
    expect(fileIdOf(0)).toBeNull();
    expect(fileIdOf("7")).toBeNull();
  });

  it("turns number inputs into numbers, accepting a decimal comma", () => {
    expect(textToNumber("")).toBeUndefined();
    expect(textToNumber(" 24,5 ")).toBe(24.5);
    expect(textToNumber("130")).toBe(130);
    // Left as text so the schema reports the wrong type instead of the value vanishing.
    expect(textToNumber("abc")).toBe("abc");
  });

  it("maps yes/no radios both ways", () => {
    expect(yesNoText(true)).toBe("yes");
    expect(yesNoText(false)).toBe("no");
    expect(yesNoText(null)).toBe("");
    expect(yesNoValue("yes")).toBe(true);
    expect(yesNoValue("no")).toBe(false);
    expect(yesNoValue("")).toBeUndefined();
  });

  it("accepts only PDFs of at most 5 MB before uploading", () => {
    expect(checkPdfUpload({ name: "a.pdf", type: "application/pdf", size: 100 })).toBeNull();
    expect(checkPdfUpload({ name: "a.pdf", type: "", size: 100 })).toBeNull();
    expect(checkPdfUpload({ name: "a.png", type: "image/png", size: 100 })).toBe("notPdf");
    expect(checkPdfUpload({ name: "a.PDF", type: "", size: 100 })).toBeNull();
    expect(checkPdfUpload({ name: "a.pdf", type: "application/pdf", size: 5 * 1024 * 1024 })).toBeNull();
    expect(checkPdfUpload({ name: "a.pdf", type: "application/pdf", size: 5 * 1024 * 1024 + 1 })).toBe("tooLarge");
    // The school's own limit for the kind (Settings › Files).
    expect(checkPdfUpload({ name: "a.pdf", type: "application/pdf", size: 300_000 }, 200_000)).toBe("tooLarge");
    expect(
      checkPdfUpload({ name: "a.pdf", type: "application/pdf", size: 6 * 1024 * 1024 }, 8 * 1024 * 1024),
    ).toBeNull();
  });
});

describe("decimals in the UI language", () => {
  it("shows a saved decimal with the language's separator and reads either back", () => {
    expect(usesDecimalComma("es")).toBe(true);
    expect(usesDecimalComma("fr")).toBe(true);
    expect(usesDecimalComma("en")).toBe(false);
    expect(decimalText(138.5, true)).toBe("138,5");
    expect(decimalText(138.5, false)).toBe("138.5");
    expect(decimalText(32, true)).toBe("32");
    expect(decimalText(undefined, true)).toBe("");
    expect(textToNumber(decimalText(29.5, true))).toBe(29.5);
  });
});
