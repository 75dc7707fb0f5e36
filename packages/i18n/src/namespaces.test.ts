import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FIRST_SCREEN_NAMESPACES, SERVER_ONLY_NAMESPACES, SIGNED_IN_NAMESPACES } from "./namespaces.ts";
import { NAMESPACES } from "./resources.ts";

const WEB_SRC = path.resolve(import.meta.dirname, "../../../apps/web/src");

function sourcesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes(".test.") ? [full] : [];
  });
}

/** The namespaces a folder's code names in its keys ("ns:key", `ns:${...}`). */
function namespacesUsedIn(dir: string): Set<string> {
  const names = new Set<string>(NAMESPACES);
  const used = new Set<string>();
  for (const file of sourcesUnder(dir)) {
    for (const match of fs.readFileSync(file, "utf8").matchAll(/["'`]([a-zA-Z]+):[a-zA-Z$]/g)) {
      if (names.has(match[1]!)) used.add(match[1]!);
    }
  }
  return used;
}

describe("who loads which namespace", () => {
  it("every catalog is in exactly one group", () => {
    const groups = [...SERVER_ONLY_NAMESPACES, ...FIRST_SCREEN_NAMESPACES, ...SIGNED_IN_NAMESPACES];
    expect(new Set(groups).size).toBe(groups.length);
    expect([...groups].sort()).toEqual([...NAMESPACES].sort());
  });

  it("the web never names a server-only namespace (they are not in its build)", () => {
    const used = namespacesUsedIn(WEB_SRC);
    for (const ns of SERVER_ONLY_NAMESPACES) expect(used.has(ns), ns).toBe(false);
    expect(used.size).toBeGreaterThan(10);
  });

  it("public and system pages need only the first screen's namespaces, plus what their screen loads", () => {
    // The activation page loads `users` with its code (app/screens.ts).
    const allowed = new Set<string>([...FIRST_SCREEN_NAMESPACES, "users"]);
    for (const dir of ["features/auth", "features/system"]) {
      const extra = [...namespacesUsedIn(path.join(WEB_SRC, dir))].filter((ns) => !allowed.has(ns));
      expect(extra, dir).toEqual([]);
    }
  });
});
