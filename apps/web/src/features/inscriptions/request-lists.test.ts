import { describe, expect, it } from "vitest";
import { bulkActionsFor } from "./bulk-actions.ts";
import { detailPath, listIdByPath, listPath, originAtPage, parseOrigin, REQUEST_LIST_IDS } from "./request-lists.ts";

describe("the request lists", () => {
  it("every list has a routed path of the inscriptions area", () => {
    for (const id of REQUEST_LIST_IDS) {
      expect(listPath(id)).toMatch(/^\/portal\/dashboards\/inscriptions\/[a-z-]+$/);
      expect(listIdByPath(listPath(id))).toBe(id);
    }
    expect(listPath("inscriptions.withoutTreating")).toBe("/portal/dashboards/inscriptions/without-treating");
  });

  it("the detail carries the list it was opened from", () => {
    const from = "/portal/dashboards/inscriptions/all-request?q=ana&page=2";
    const href = detailPath(42, from);
    expect(href).toBe(
      "/portal/dashboards/inscriptions/request-detail/42?from=%2Fportal%2Fdashboards%2Finscriptions%2Fall-request%3Fq%3Dana%26page%3D2",
    );
    const origin = parseOrigin(new URL(href, "http://x").searchParams.get("from"));
    expect(origin).toMatchObject({ listId: "inscriptions.allRequest", href: from });
    expect(origin?.params.get("q")).toBe("ana");
    expect(detailPath(42)).toBe("/portal/dashboards/inscriptions/request-detail/42");
  });

  it("refuses a `from` that is not one of the lists", () => {
    for (const value of [
      null,
      "",
      "https://evil.example/portal/dashboards/inscriptions/all-request",
      "//evil.example/portal/dashboards/inscriptions/all-request",
      "/portal/dashboards/settings/general",
      "/portal/dashboards/inscriptions/request-detail/3",
      "javascript:alert(1)",
    ]) {
      expect(parseOrigin(value)).toBeNull();
    }
  });

  it("moves the origin to another page", () => {
    const origin = parseOrigin("/portal/dashboards/inscriptions/without-treating?q=x&page=2");
    if (!origin) throw new Error("origin expected");
    expect(originAtPage(origin, 3)).toBe("/portal/dashboards/inscriptions/without-treating?q=x&page=3");
    expect(originAtPage(origin, 1)).toBe("/portal/dashboards/inscriptions/without-treating?q=x");
  });
});

describe("bulk actions offered", () => {
  it("only actions the role may take from the list's statuses", () => {
    expect(bulkActionsFor(["Untreated", "Restored"], "Secretaria")).toEqual([
      "accept",
      "refuse",
      "discontinue",
      "cancel",
    ]);
    expect(bulkActionsFor(["Accepted"], "Secretaria")).toEqual(["refuse", "discontinue", "cancel", "validate"]);
    expect(bulkActionsFor(["Confirmed"], "Admin")).toEqual(["discontinue", "cancel", "finish"]);
    expect(bulkActionsFor(["Finished"], "Secretaria")).toEqual([]);
    expect(bulkActionsFor(["Finished"], "Admin")).toEqual(["cancel"]);
    expect(bulkActionsFor(["Untreated"], "Consulta")).toEqual([]);
    expect(bulkActionsFor(["InProcess"], "Admin")).toEqual([]);
  });
});
