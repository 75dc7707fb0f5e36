import { RESOURCES } from "@portal/i18n/resources";
import { ALL_ROUTES } from "@portal/shared/route-access";
import { describe, expect, it } from "vitest";
import { routeTitleKey } from "./route-title-key.ts";

type Tree = { readonly [key: string]: unknown };

function lookup(tree: Tree, path: string): unknown {
  let node: unknown = tree;
  for (const part of path.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Tree)[part];
  }
  return node;
}

describe("routeTitleKey", () => {
  it("puts the title under a title key in the routes namespace", () => {
    expect(routeTitleKey("login")).toBe("routes:login.title");
    expect(routeTitleKey("inscriptions.module.studentRecord")).toBe("routes:inscriptions.module.studentRecord.title");
  });

  it.each(["es", "en", "fr"] as const)("finds a title for every route id in %s", (language) => {
    const missing = ALL_ROUTES.map((route) => route.id).filter((id) => {
      const key = routeTitleKey(id).slice("routes:".length);
      const value = lookup(RESOURCES[language].routes as Tree, key);
      return typeof value !== "string" || value.trim() === "";
    });
    expect(missing).toEqual([]);
  });
});
