import { FUNNEL_STATUSES } from "@portal/shared/dashboard";
import { REQUEST_STATUSES } from "@portal/shared/request-status";
import { describe, expect, it } from "vitest";
import { parseListState } from "../inscriptions/list-query.ts";
import { detailPath, listIdByPath } from "../inscriptions/request-lists.ts";
import { canOpen, pendingPhotosHref, requestListHref } from "./dashboard-links.ts";

const LISTS = "/portal/dashboards/inscriptions";

describe("dashboard figure links", () => {
  it("a status with a list of its own opens that list", () => {
    expect(requestListHref({ statuses: ["Accepted"], testData: "exclude" })).toBe(`${LISTS}/accepted-request`);
    expect(requestListHref({ statuses: ["InProcess"], testData: "exclude" })).toBe(`${LISTS}/in-process`);
    expect(requestListHref({ statuses: ["Restored", "Untreated"], testData: "exclude" })).toBe(
      `${LISTS}/without-treating`,
    );
  });

  it("other statuses open the all-requests list with its status filter, in the workflow's order", () => {
    expect(requestListHref({ statuses: ["Untreated"], testData: "exclude" })).toBe(
      `${LISTS}/all-request?status=Untreated`,
    );
    expect(requestListHref({ statuses: FUNNEL_STATUSES.accepted, testData: "exclude" })).toBe(
      `${LISTS}/all-request?status=Accepted%2CValidated%2CConfirmed%2CFinished`,
    );
    expect(requestListHref({ statuses: ["Cancelled"], testData: "exclude" })).toBe(
      `${LISTS}/all-request?status=Cancelled`,
    );
  });

  it("every status, or none, is the whole list", () => {
    expect(requestListHref({ testData: "exclude" })).toBe(`${LISTS}/all-request`);
    expect(requestListHref({ statuses: REQUEST_STATUSES, testData: "exclude" })).toBe(`${LISTS}/all-request`);
  });

  it("level, kind and test data become the list's own filters, read back by the list", () => {
    const href = requestListHref({ level: "CM2", kind: "reenrollment", testData: "include" });
    expect(href).toBe(`${LISTS}/all-request?level=CM2&kind=reenrollment&testData=include`);
    const url = new URL(href, "http://portal.invalid");
    expect(listIdByPath(url.pathname)).toBe("inscriptions.allRequest");
    expect(parseListState(url.searchParams)).toMatchObject({
      level: "CM2",
      kind: "reenrollment",
      testData: "include",
      statuses: [],
    });
    const untreated = new URL(
      requestListHref({ statuses: ["Untreated"], kind: "new", testData: "exclude" }),
      "http://x",
    );
    expect(parseListState(untreated.searchParams)).toMatchObject({ statuses: ["Untreated"], kind: "new" });
  });

  it("photos awaiting review open the photo grid filtered on pending", () => {
    expect(pendingPhotosHref("exclude")).toBe(`${LISTS}/photos?photoStatus=pending`);
    expect(pendingPhotosHref("include")).toBe(`${LISTS}/photos?photoStatus=pending&testData=include`);
  });

  it("only roles that may open the inscriptions screens get links", () => {
    const targets = [
      requestListHref({ statuses: ["Untreated"], testData: "exclude" }),
      pendingPhotosHref("exclude"),
      detailPath(7),
    ];
    for (const href of targets) {
      for (const role of ["Admin", "Secretaria", "Consulta"] as const)
        expect(canOpen(href, role), `${role} ${href}`).toBe(true);
      for (const role of ["Editor", "User", "Prueba"] as const)
        expect(canOpen(href, role), `${role} ${href}`).toBe(false);
      expect(canOpen(href, null)).toBe(false);
    }
    expect(canOpen("/portal/dashboard", "Editor")).toBe(true);
    expect(canOpen("/portal/no-such-screen", "Admin")).toBe(false);
  });
});
