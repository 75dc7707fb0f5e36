import { describe, expect, it } from "vitest";
import { REQUEST_TAB_IDS, requestTabHref } from "./request-list-tabs.ts";

const LISTS = "/portal/dashboards/inscriptions";

describe("requestTabHref", () => {
  it("links every tab to its list, photos included", () => {
    expect(REQUEST_TAB_IDS.map((id) => requestTabHref(id, new URLSearchParams()))).toEqual([
      `${LISTS}/all-request`,
      `${LISTS}/without-treating`,
      `${LISTS}/accepted-request`,
      `${LISTS}/validated-request`,
      `${LISTS}/confirmed-request`,
      `${LISTS}/refused-request`,
      `${LISTS}/descontinued-request`,
      `${LISTS}/in-process`,
      `${LISTS}/photos`,
    ]);
  });

  it("keeps the search and the shared filters, not the page, sort or status", () => {
    const current = new URLSearchParams(
      "q=p%C3%A9rez&level=CM2&kind=new&internalReview=1&testData=include&schoolYearId=3&status=Finished&sort=studentName&order=asc&page=2&pageSize=50",
    );
    expect(requestTabHref("inscriptions.acceptedRequest", current)).toBe(
      `${LISTS}/accepted-request?q=p%C3%A9rez&level=CM2&kind=new&internalReview=1&testData=include&schoolYearId=3`,
    );
  });

  it("gives the photos grid only what it reads: the search and test data", () => {
    const current = new URLSearchParams("q=ana&level=CM2&testData=only&page=4");
    expect(requestTabHref("inscriptions.photos", current)).toBe(`${LISTS}/photos?q=ana&testData=only`);
  });

  it("drops empty values", () => {
    expect(requestTabHref("inscriptions.allRequest", new URLSearchParams("q=&level="))).toBe(`${LISTS}/all-request`);
  });
});
