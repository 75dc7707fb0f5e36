import { describe, expect, it } from "vitest";
import { parseDocumentListState, toDocumentApiQuery, writeDocumentListState } from "./documents-query.ts";

describe("documents list URL state", () => {
  it("reads known values and drops the rest", () => {
    const state = parseDocumentListState(
      new URLSearchParams(
        "handIn=overdue&signing=awaitingSchool&level=CM1&q=ana&testData=include&page=3&pageSize=50&request=12",
      ),
    );
    expect(state).toEqual({
      handIn: "overdue",
      signing: "awaitingSchool",
      level: "CM1",
      q: "ana",
      testData: true,
      page: 3,
      pageSize: 50,
      request: 12,
    });
    const bad = parseDocumentListState(
      new URLSearchParams("handIn=all&signing=void&level=XX&page=-2&pageSize=7&request=abc"),
    );
    expect(bad).toMatchObject({ handIn: null, signing: null, level: null, page: 1, pageSize: 25, request: null });
  });

  it("writes the API query with paging, the ZIP's without, and a short page URL", () => {
    const state = parseDocumentListState(new URLSearchParams("handIn=missing&q=%20bo%20&request=4"));
    expect(toDocumentApiQuery(state).toString()).toBe("handIn=missing&q=bo&page=1&pageSize=25");
    expect(toDocumentApiQuery({ ...state, signing: "complete" }, false).toString()).toBe(
      "handIn=missing&signing=complete&q=bo",
    );
    expect(toDocumentApiQuery(state, false).toString()).toBe("handIn=missing&q=bo");
    expect(writeDocumentListState(state).toString()).toBe("handIn=missing&q=bo&request=4");
    expect(writeDocumentListState({ ...state, request: null, page: 2 }).toString()).toBe("handIn=missing&q=bo&page=2");
  });
});
