import { representativeListQuerySchema } from "@portal/shared/schemas/requests";
import { describe, expect, it } from "vitest";
import { effectiveOrder, sortBy } from "./list-query.ts";
import {
  clearRepresentativeFilters,
  hasRepresentativeFilters,
  listOriginHref,
  parseRepresentativeOrigin,
  parseRepresentativeState,
  REPRESENTATIVE_LIST_IDS,
  type RepresentativeListState,
  representativeListPath,
  representativeListType,
  toRepresentativeApiQuery,
  writeRepresentativeState,
} from "./representative-lists.ts";
import { detailPath, parseOrigin } from "./request-lists.ts";

const parse = (query: string) => parseRepresentativeState(new URLSearchParams(query));
const DEFAULT = parse("");

describe("the representatives lists", () => {
  it("are three routes of the inscriptions area, each with its fixed type", () => {
    expect(REPRESENTATIVE_LIST_IDS.map((id) => [representativeListPath(id), representativeListType(id)])).toEqual([
      ["/portal/dashboards/inscriptions/legal-representatives", "all"],
      ["/portal/dashboards/inscriptions/first-representatives", "1"],
      ["/portal/dashboards/inscriptions/second-representatives", "2"],
    ]);
  });
});

describe("representatives list state in the URL", () => {
  it("an empty query is the default list: the session's year, test data hidden, by the representative's name", () => {
    expect(DEFAULT).toEqual({
      q: "",
      testData: "exclude",
      schoolYearId: null,
      sort: "name",
      order: null,
      page: 1,
      pageSize: 25,
    });
    expect(writeRepresentativeState(DEFAULT).toString()).toBe("");
  });

  it("round-trips the search, test data, year, sort and page, writing only what differs from the defaults", () => {
    const state: RepresentativeListState = {
      q: "Loor Pérez",
      testData: "include",
      schoolYearId: 4,
      sort: "studentName",
      order: "desc",
      page: 3,
      pageSize: 100,
    };
    const query = writeRepresentativeState(state).toString();
    expect(query).toBe(
      "q=Loor+P%C3%A9rez&testData=include&schoolYearId=4&sort=studentName&order=desc&page=3&pageSize=100",
    );
    expect(parse(query)).toEqual(state);
  });

  it("ignores unreadable values, and the request lists' own parameters", () => {
    expect(
      parse("sort=level&order=sideways&page=0&pageSize=3&testData=all&schoolYearId=-1&status=Accepted&type=2"),
    ).toEqual(DEFAULT);
  });

  it("sorts by a header: dates newest first, names A to Z, the same column flips", () => {
    const byDate = sortBy({ ...DEFAULT, page: 4 }, "createdAt");
    expect(byDate).toMatchObject({ sort: "createdAt", order: null, page: 1 });
    expect(effectiveOrder(byDate)).toBe("desc");
    const flipped = sortBy(DEFAULT, "name");
    expect(effectiveOrder(flipped)).toBe("desc");
    expect(writeRepresentativeState(flipped).toString()).toBe("order=desc");
  });

  it("clears the filters but keeps the sort and page size", () => {
    const state: RepresentativeListState = {
      ...DEFAULT,
      q: "x",
      testData: "only",
      sort: "code",
      pageSize: 50,
      page: 2,
    };
    expect(hasRepresentativeFilters(DEFAULT)).toBe(false);
    expect(hasRepresentativeFilters(state)).toBe(true);
    expect(hasRepresentativeFilters({ ...DEFAULT, schoolYearId: 9 })).toBe(true);
    expect(clearRepresentativeFilters(state)).toEqual({ ...DEFAULT, sort: "code", pageSize: 50 });
  });
});

describe("the API query", () => {
  it("carries the list's fixed type and every value explicitly, and passes the server's schema", () => {
    const query = toRepresentativeApiQuery({ ...DEFAULT, q: "  carmen ", page: 2 }, "1");
    expect(Object.fromEntries(query)).toEqual({
      type: "1",
      q: "carmen",
      testData: "exclude",
      sort: "name",
      order: "asc",
      page: "2",
      pageSize: "25",
    });
    expect(representativeListQuerySchema.parse(Object.fromEntries(query))).toMatchObject({
      type: "1",
      sort: "name",
      page: 2,
    });
    const all = toRepresentativeApiQuery({ ...DEFAULT, schoolYearId: 7, sort: "createdAt" }, "all");
    expect(representativeListQuerySchema.parse(Object.fromEntries(all))).toMatchObject({
      type: "all",
      schoolYearId: 7,
      order: "desc",
    });
  });
});

describe("a request opened from a representatives list", () => {
  it("goes back to that list (with its query); previous/next stay with the request lists", () => {
    const from = "/portal/dashboards/inscriptions/first-representatives?q=loor&page=2";
    const detail = new URL(detailPath(12, from), "http://x");
    expect(parseRepresentativeOrigin(detail.searchParams.get("from"))).toBe(from);
    expect(parseOrigin(from)).toBeNull();
  });

  it("keeps either kind of list as the origin of the request's pages, and nothing else", () => {
    const representatives = "/portal/dashboards/inscriptions/first-representatives?q=loor";
    const requests = "/portal/dashboards/inscriptions/all-request?status=Finished";
    expect(listOriginHref(representatives)).toBe(representatives);
    expect(listOriginHref(requests)).toBe(requests);
    expect(listOriginHref("https://evil.example/portal/dashboards/inscriptions/all-request")).toBeNull();
    expect(listOriginHref("/portal/account/user")).toBeNull();
    expect(listOriginHref(null)).toBeNull();
  });

  it("refuses anything but one of the representatives lists", () => {
    for (const value of [
      null,
      "",
      "https://evil.example/portal/dashboards/inscriptions/first-representatives",
      "//evil.example/portal/dashboards/inscriptions/first-representatives",
      "/portal/dashboards/inscriptions/all-request",
      "/portal/dashboards/inscriptions/first-representatives/x",
      "javascript:alert(1)",
    ]) {
      expect(parseRepresentativeOrigin(value), String(value)).toBeNull();
    }
  });
});
