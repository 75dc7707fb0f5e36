import { addMonths } from "@portal/shared/retention";
import { describe, expect, it } from "vitest";
import { referencedUploadIds, uploadsUsedByOthers, withoutUploads } from "./retention-selection.ts";

describe("addMonths", () => {
  it("adds calendar months, the day clamped to the month's end", () => {
    expect(addMonths("2026-07-31", 12)).toBe("2027-07-31");
    expect(addMonths("2026-08-31", 6)).toBe("2027-02-28");
    expect(addMonths("2027-08-31", 6)).toBe("2028-02-29");
    expect(addMonths("2026-12-07", -60)).toBe("2021-12-07");
  });
});

describe("upload references in step data", () => {
  const data = {
    identityDocumentFileId: 4,
    persons: [{ photoFileId: 5, name: "Rosa" }, { photoFileId: 6 }],
    note: { count: 7 },
  };

  it("finds every …FileId at any depth, nothing else", () => {
    expect([...referencedUploadIds(data)].sort()).toEqual([4, 5, 6]);
  });

  it("drops only the removed references, and says when nothing changed", () => {
    expect(withoutUploads(data, new Set([5]))).toEqual({
      identityDocumentFileId: 4,
      persons: [{ name: "Rosa" }, { photoFileId: 6 }],
      note: { count: 7 },
    });
    expect(withoutUploads(data, new Set([99]))).toBeUndefined();
  });

  it("keeps an upload another student's file points at, not one only its own student uses", () => {
    const uploads = [
      { id: 1, student_id: 10 },
      { id: 2, student_id: 10 },
    ];
    const steps = [
      { student_id: 10, data: JSON.stringify({ photoFileId: 1, identityDocumentFileId: 2 }) },
      { student_id: 11, data: JSON.stringify({ photoFileId: 1 }) },
      { student_id: 12, data: "not json" },
    ];
    expect([...uploadsUsedByOthers(uploads, steps)]).toEqual([1]);
  });
});
