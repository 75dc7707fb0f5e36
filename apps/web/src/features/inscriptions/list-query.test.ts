import { requestListQuerySchema } from "@portal/shared/schemas/requests";
import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  clearFilters,
  DEFAULT_LIST_STATE,
  effectiveOrder,
  hasFilters,
  type ListState,
  pageCount,
  pageRange,
  parseListState,
  sortBy,
  toApiQuery,
  writeListState,
} from "./list-query.ts";

const parse = (query: string) => parseListState(new URLSearchParams(query));

describe("list state in the URL", () => {
  it("an empty query is the default list", () => {
    expect(parse("")).toEqual(DEFAULT_LIST_STATE);
    expect(writeListState(DEFAULT_LIST_STATE).toString()).toBe("");
  });

  it("round-trips every filter, the sort and the page, writing only what differs from the defaults", () => {
    const state: ListState = {
      q: "Pérez Loor",
      level: "CM2",
      kind: "reenrollment",
      internalReview: true,
      testData: "only",
      statuses: ["Finished", "Cancelled"],
      schoolYearId: 3,
      sort: "studentName",
      order: "desc",
      page: 4,
      pageSize: 50,
    };
    const query = writeListState(state).toString();
    expect(query).toBe(
      "q=P%C3%A9rez+Loor&level=CM2&kind=reenrollment&internalReview=1&testData=only&status=Finished%2CCancelled&schoolYearId=3&sort=studentName&order=desc&page=4&pageSize=50",
    );
    expect(parse(query)).toEqual(state);
  });

  it("ignores unreadable values instead of failing", () => {
    expect(
      parse(
        "level=XX&kind=old&internalReview=yes&testData=maybe&status=Nope,Accepted,Accepted&sort=email&order=up&page=-2&pageSize=7&schoolYearId=abc",
      ),
    ).toEqual({ ...DEFAULT_LIST_STATE, statuses: ["Accepted"] });
    expect(parse("page=100001").page).toBe(1);
    expect(parse(`q=${"a".repeat(150)}`).q).toHaveLength(100);
  });

  it("keeps statuses in the workflow's order whatever the URL's order", () => {
    expect(parse("status=Cancelled,Untreated").statuses).toEqual(["Untreated", "Cancelled"]);
  });

  it("does not write an order equal to the sort's default", () => {
    expect(writeListState({ ...DEFAULT_LIST_STATE, order: "desc" }).toString()).toBe("");
    expect(writeListState({ ...DEFAULT_LIST_STATE, sort: "code", order: "asc" }).toString()).toBe("sort=code");
  });
});

describe("the internal-review filter", () => {
  it("is `internalReview=1` in the URL, off otherwise, and narrows the list", () => {
    expect(parse("internalReview=1").internalReview).toBe(true);
    for (const value of ["0", "true", "", "2"]) expect(parse(`internalReview=${value}`).internalReview).toBe(false);
    const flagged: ListState = { ...DEFAULT_LIST_STATE, internalReview: true, page: 3 };
    expect(writeListState(flagged).toString()).toBe("internalReview=1&page=3");
    expect(writeListState({ ...flagged, internalReview: false }).toString()).toBe("page=3");
    expect(hasFilters(flagged)).toBe(true);
    expect(clearFilters(flagged).internalReview).toBe(false);
  });

  it("goes to the server as internalReview=1 (with a fixed status too), and passes its schema", () => {
    const api = toApiQuery({ ...DEFAULT_LIST_STATE, internalReview: true }, ["Untreated", "Restored"]);
    expect(api.get("internalReview")).toBe("1");
    expect(requestListQuerySchema.parse(Object.fromEntries(api))).toMatchObject({
      internalReview: true,
      status: ["Untreated", "Restored"],
    });
    expect(toApiQuery(DEFAULT_LIST_STATE, null).has("internalReview")).toBe(false);
  });
});

describe("sorting by a column header", () => {
  it("starts a new column at its default order and flips the same column", () => {
    const byName = sortBy({ ...DEFAULT_LIST_STATE, page: 3 }, "studentName");
    expect(byName).toMatchObject({ sort: "studentName", order: null, page: 1 });
    expect(effectiveOrder(byName)).toBe("asc");
    const flipped = sortBy(byName, "studentName");
    expect(effectiveOrder(flipped)).toBe("desc");
    expect(effectiveOrder(sortBy(flipped, "studentName"))).toBe("asc");
    // Dates start newest first.
    expect(effectiveOrder(sortBy(byName, "createdAt"))).toBe("desc");
  });
});

describe("filters", () => {
  it("counts the filters set besides the search (the phone's More filters button)", () => {
    expect(activeFilterCount(DEFAULT_LIST_STATE)).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_LIST_STATE, q: "Pérez" })).toBe(0);
    expect(activeFilterCount(parse("level=6E&kind=new&internalReview=1&status=Accepted&status=Refused"))).toBe(4);
  });

  it("knows when the list is narrowed and clears the filters but not the sort or page size", () => {
    expect(hasFilters(DEFAULT_LIST_STATE)).toBe(false);
    const state: ListState = { ...DEFAULT_LIST_STATE, q: "x", level: "CP", sort: "code", pageSize: 100, page: 2 };
    expect(hasFilters(state)).toBe(true);
    expect(clearFilters(state)).toEqual({ ...DEFAULT_LIST_STATE, sort: "code", pageSize: 100 });
  });
});

describe("the API query", () => {
  it("uses the list's fixed statuses over the user's status filter, and passes the server's schema", () => {
    const state: ListState = { ...DEFAULT_LIST_STATE, statuses: ["Finished"], q: "  ana ", level: "CM2", page: 2 };
    const fixed = toApiQuery(state, ["Untreated", "Restored"]);
    expect(fixed.get("status")).toBe("Untreated,Restored");
    expect(fixed.get("q")).toBe("ana");
    expect(Object.fromEntries(fixed)).toEqual({
      status: "Untreated,Restored",
      q: "ana",
      level: "CM2",
      testData: "exclude",
      sort: "createdAt",
      order: "desc",
      page: "2",
      pageSize: "25",
    });
    expect(requestListQuerySchema.safeParse(Object.fromEntries(fixed)).success).toBe(true);

    const all = toApiQuery(state, null);
    expect(all.get("status")).toBe("Finished");
    expect(toApiQuery(DEFAULT_LIST_STATE, null).has("status")).toBe(false);
    const parsed = requestListQuerySchema.parse(Object.fromEntries(toApiQuery({ ...state, schoolYearId: 7 }, null)));
    expect(parsed).toMatchObject({ status: ["Finished"], schoolYearId: 7, page: 2, pageSize: 25 });
  });

  it("numbers the rows shown, 0 to 0 when none is (an empty list, or a page past the end)", () => {
    expect(pageRange(1, 25, 25, 240)).toEqual({ first: 1, last: 25, total: 240 });
    expect(pageRange(10, 25, 15, 240)).toEqual({ first: 226, last: 240, total: 240 });
    expect(pageRange(1, 25, 0, 0)).toEqual({ first: 0, last: 0, total: 0 });
    expect(pageRange(12, 25, 0, 240)).toEqual({ first: 0, last: 0, total: 240 });
  });

  it("counts pages", () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });
});
