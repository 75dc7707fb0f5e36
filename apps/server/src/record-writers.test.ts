import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Who writes the enrollment record (docs/architecture.md "Walls"): the tables `requests`,
 * `enrollment_files` and `enrollment_steps` are to have one owning module. Until it exists, the
 * files that write them are the ones listed here, and no other: a new writer fails this test. The
 * list only shrinks as writes move to the owner. Migrations and the demo school (which seeds rows
 * as they stood) are outside the rule.
 */
const SRC = resolve(import.meta.dirname);
const TABLES = ["requests", "enrollment_files", "enrollment_steps"];
const WRITE = new RegExp(`\\.(insertInto|updateTable|deleteFrom)\\(\\s*"(${TABLES.join("|")})"`, "g");

const KNOWN_WRITERS = [
  "modules/enrollment/enrollment.repository.ts",
  "modules/enrollment/known-people.repository.ts",
  "modules/enrollment/submission.service.ts",
  "modules/erasure/erasure-delete.repository.ts",
  "modules/photos/photos.repository.ts",
  "modules/request-steps/request-steps.repository.ts",
  "modules/requests/request-columns.ts",
  "modules/retention/retention-deletions.repository.ts",
  "modules/sync/sync.repository.ts",
  "modules/workflow/correction.service.ts",
  "modules/workflow/workflow.repository.ts",
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return ["migrations", "demo"].includes(name) ? [] : sources(path);
    return name.endsWith(".ts") && !name.endsWith(".test.ts") ? [path] : [];
  });
}

describe("the enrollment record's tables", () => {
  it("are written only by the files that wrote them when the rule was set", () => {
    const writers = sources(SRC)
      .filter((file) => [...readFileSync(file, "utf8").matchAll(WRITE)].length > 0)
      .map((file) => relative(SRC, file))
      .sort();
    expect(writers).toEqual(KNOWN_WRITERS);
  });
});
