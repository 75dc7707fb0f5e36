import { describe, expect, it } from "vitest";
import { isMenuItemActive } from "./menu-items.ts";

const LISTS = "/portal/dashboards/inscriptions";
const representatives = {
  id: "representatives",
  to: `${LISTS}/legal-representatives`,
  children: [
    { id: "inscriptions.legalRepresentatives", to: `${LISTS}/legal-representatives`, children: [] },
    { id: "inscriptions.firstRepresentatives", to: `${LISTS}/first-representatives`, children: [] },
  ],
};

describe("isMenuItemActive", () => {
  it("is active on the entry's page and below it", () => {
    const item = { id: "inscriptions", to: LISTS, children: [] };
    expect(isMenuItemActive(item, LISTS)).toBe(true);
    expect(isMenuItemActive(item, `${LISTS}/request-detail/3`)).toBe(true);
    expect(isMenuItemActive(item, "/portal/dashboard")).toBe(false);
  });
  it("makes a menu-only group active on any of its entries' pages", () => {
    expect(isMenuItemActive(representatives, `${LISTS}/first-representatives`)).toBe(true);
    expect(isMenuItemActive(representatives, `${LISTS}/all-request`)).toBe(false);
  });
});
