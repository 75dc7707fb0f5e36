import { describe, expect, it } from "vitest";
import {
  DEFAULT_PHOTO_EXPORT_STATE,
  parsePhotoExportState,
  photoExportPath,
  progressPercent,
  toPhotoExportApiQuery,
  writePhotoExportState,
} from "./photo-export-query.ts";

const parse = (query: string) => parsePhotoExportState(new URLSearchParams(query));

describe("photo export URL state", () => {
  it("reads the reports' filters and the kind, falling back on unreadable values", () => {
    expect(parse("")).toEqual(DEFAULT_PHOTO_EXPORT_STATE);
    expect(
      parse("photos=representatives&level=CM2&status=Accepted,Nope,Accepted&kind=new&testData=only&schoolYearId=7"),
    ).toEqual({
      photos: "representatives",
      level: "CM2",
      statuses: ["Accepted"],
      kind: "new",
      testData: "only",
      schoolYearId: 7,
    });
    expect(parse("photos=teachers&level=XX&kind=old&testData=maybe&schoolYearId=-1")).toEqual(
      DEFAULT_PHOTO_EXPORT_STATE,
    );
  });

  it("writes only what differs from the defaults; the API query always names the kind", () => {
    expect(writePhotoExportState(DEFAULT_PHOTO_EXPORT_STATE).toString()).toBe("");
    const state = {
      ...DEFAULT_PHOTO_EXPORT_STATE,
      level: "CM2" as const,
      statuses: ["Accepted" as const, "Finished" as const],
    };
    expect(writePhotoExportState(state).toString()).toBe("level=CM2&status=Accepted%2CFinished");
    expect(toPhotoExportApiQuery(state)).toBe("level=CM2&status=Accepted%2CFinished&photos=students");
    expect(parse(writePhotoExportState(state).toString())).toEqual(state);
    expect(photoExportPath({})).toBe("/portal/reports/photo-export");
    expect(photoExportPath({ photos: "representatives", level: "CM1", testData: "include" })).toBe(
      "/portal/reports/photo-export?photos=representatives&level=CM1&testData=include",
    );
  });

  it("gives a progress that stays below 100 until the end", () => {
    expect(progressPercent(50, 200)).toBe(25);
    expect(progressPercent(500, 200)).toBe(99);
    expect(progressPercent(10, null)).toBeNull();
  });
});
