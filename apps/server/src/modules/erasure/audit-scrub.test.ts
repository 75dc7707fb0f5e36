import { describe, expect, it } from "vitest";
import { ERASED_TEXT, type ErasedValues, scrubDetails } from "./audit-scrub.ts";

const erased: ErasedValues = {
  fileIds: new Set([7]),
  requestIds: new Set([12]),
  studentIds: new Set([3]),
  uploadIds: new Set([40]),
  accountIds: new Set([9]),
  texts: ["Zoé Erasable", "1712345678", "ABC-123"],
};

describe("scrubDetails", () => {
  it("replaces the erased ids by key, keeps the others", () => {
    expect(scrubDetails({ fileId: 7, requestIds: [12, 13], studentId: 4, view: "step" }, erased)).toEqual({
      fileId: null,
      requestIds: [null, 13],
      studentId: 4,
      view: "step",
    });
  });

  it("does not take a number under an unrelated key for an id", () => {
    expect(scrubDetails({ count: 7, page: 12 }, erased)).toBeNull();
  });

  it("erases texts that contain a name, a number or a code, ignoring case", () => {
    expect(scrubDetails({ codes: ["abc-123", "XYZ-9"], note: "about ZOÉ ERASABLE" }, erased)).toEqual({
      codes: [ERASED_TEXT, "XYZ-9"],
      note: ERASED_TEXT,
    });
  });

  it("answers null when nothing names the erased", () => {
    expect(scrubDetails({ fileId: 8, code: "XYZ-9" }, erased)).toBeNull();
    expect(scrubDetails(null, erased)).toBeNull();
  });
});
