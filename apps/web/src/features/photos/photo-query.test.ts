import { describe, expect, it } from "vitest";
import { DEFAULT_PHOTO_GRID_STATE, parsePhotoGridState, toPhotoApiQuery, writePhotoGridState } from "./photo-query.ts";

const parse = (query: string) => parsePhotoGridState(new URLSearchParams(query));

describe("the photos grid's URL", () => {
  it("opens on the photos to review, with nothing in the URL", () => {
    expect(parse("")).toEqual(DEFAULT_PHOTO_GRID_STATE);
    expect(writePhotoGridState(DEFAULT_PHOTO_GRID_STATE).toString()).toBe("");
    expect(toPhotoApiQuery(DEFAULT_PHOTO_GRID_STATE).toString()).toBe(
      "photoStatus=pending&testData=exclude&page=1&pageSize=25",
    );
  });

  it("reads and writes every value, in a fixed order, and back", () => {
    const state = parse("pageSize=50&page=3&testData=include&q=p%C3%A9rez&photoStatus=rejected");
    expect(state).toEqual({ photoStatus: "rejected", q: "pérez", testData: "include", page: 3, pageSize: 50 });
    const written = writePhotoGridState(state).toString();
    expect(written).toBe("photoStatus=rejected&q=p%C3%A9rez&testData=include&page=3&pageSize=50");
    expect(parse(written)).toEqual(state);
  });

  it("'all' is written in the URL and asks the server for no photo status", () => {
    const state = parse("photoStatus=all");
    expect(state.photoStatus).toBe("all");
    expect(writePhotoGridState(state).toString()).toBe("photoStatus=all");
    expect(toPhotoApiQuery(state).has("photoStatus")).toBe(false);
  });

  it("falls back to the defaults for anything unreadable", () => {
    expect(parse("photoStatus=bogus&testData=x&page=-2&pageSize=7")).toEqual(DEFAULT_PHOTO_GRID_STATE);
    expect(parse("page=1e3").page).toBe(1);
    expect(parse(`q=${"a".repeat(150)}`).q).toHaveLength(100);
    expect(writePhotoGridState({ ...DEFAULT_PHOTO_GRID_STATE, q: "   " }).toString()).toBe("");
  });
});
