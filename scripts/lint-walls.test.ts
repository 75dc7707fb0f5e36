import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

// The walls of `npm run lint` (.dependency-cruiser.cjs) on a small tree laid out like the project's:
// each wall must catch the import that breaks it, and let the allowed ones through.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const depcruise = path.join(root, "node_modules/.bin/depcruise");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "walls-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function tree(name: string, files: Record<string, string>): string {
  const dir = path.join(work, name);
  for (const [file, text] of Object.entries({ "tsconfig.base.json": "{}", ...files })) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

/** The rules broken in `dir`, as "rule: from -> to". */
function broken(dir: string): string[] {
  const output = execFileSync(
    depcruise,
    [
      ...["apps", "packages"].filter((folder) => fs.existsSync(path.join(dir, folder))),
      ...["--config", path.join(root, ".dependency-cruiser.cjs"), "--output-type", "json"],
    ],
    { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  ).toString();
  const result = JSON.parse(output) as {
    summary: { violations: { rule: { name: string }; from: string; to: string }[] };
  };
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

const server = "apps/server/src";
const features = "apps/web/src/features";

// One tree holding every case, cruised once (each run of depcruise costs seconds).
const violations = broken(
  tree("cases", {
    [`${server}/lib/a.ts`]: 'import type { B } from "./b.ts";\nexport type A = B;\n',
    [`${server}/lib/b.ts`]: 'import type { A } from "./a.ts";\nexport type B = { a?: A };\n',
    [`${server}/db/database.ts`]: "export const db = 1;\n",
    [`${server}/modules/users/users.repository.ts`]: "export const findUser = 1;\n",
    [`${server}/modules/users/users.service.ts`]:
      'import { findUser } from "./users.repository.ts";\nexport const user = findUser;\n',
    [`${server}/modules/audit/audit.service.ts`]:
      'import { findUser } from "../users/users.repository.ts";\nimport { user } from "../users/users.service.ts";\nexport const a = [findUser, user];\n',
    [`${server}/lib/helper.ts`]: 'import { user } from "../modules/users/users.service.ts";\nexport const h = user;\n',
    [`${server}/modules/audit/audit.routes.ts`]: 'import { db } from "../../db/database.ts";\nexport const r = db;\n',
    [`${features}/reports/report-page.tsx`]: 'import { x } from "../elections/ballot.ts";\nexport const p = x;\n',
    [`${features}/elections/ballot.ts`]: "export const x = 1;\n",
    // Declared in FEATURE_EXCEPTIONS: the staff edit a file with the family's step forms.
    [`${features}/inscriptions/module-page.tsx`]: 'import { f } from "../enrollment/step.tsx";\nexport const m = f;\n',
    [`${features}/enrollment/step.tsx`]: "export const f = 1;\n",
    [`${server}/config.ts`]: "export const c = 1;\n",
    "apps/web/src/lib/leak.ts": 'import { c } from "../../../server/src/config.ts";\nexport const l = c;\n',
    "packages/shared/src/up.ts": 'import { c } from "../../../apps/server/src/config.ts";\nexport const u = c;\n',
  }),
);
const brokenBy = (...rules: string[]) =>
  violations.filter((line) => rules.some((rule) => line.startsWith(`${rule}: `)));

describe("the walls in npm run lint", () => {
  it("refuses a cycle, type imports included", () => {
    // One report per cycle, from whichever of its files is met first.
    expect(brokenBy("no-circular")).toEqual([
      expect.stringMatching(/^no-circular: apps\/server\/src\/lib\/[ab]\.ts -> /),
    ]);
  });

  it("refuses another module's repository, a lower layer importing a module, a route reading the database", () => {
    expect(brokenBy("no-foreign-repository", "routes-not-db", "server-layers-down")).toEqual([
      `no-foreign-repository: ${server}/modules/audit/audit.service.ts -> ${server}/modules/users/users.repository.ts`,
      `routes-not-db: ${server}/modules/audit/audit.routes.ts -> ${server}/db/database.ts`,
      `server-layers-down: ${server}/lib/helper.ts -> ${server}/modules/users/users.service.ts`,
    ]);
  });

  it("refuses an undeclared import between web features, and the web or the packages importing the server", () => {
    expect(brokenBy("packages-not-apps", "web-feature-walls", "web-not-server")).toEqual([
      `packages-not-apps: packages/shared/src/up.ts -> ${server}/config.ts`,
      `web-feature-walls: ${features}/reports/report-page.tsx -> ${features}/elections/ballot.ts`,
      `web-not-server: apps/web/src/lib/leak.ts -> ${server}/config.ts`,
    ]);
  });

  it("finds nothing else", () => {
    expect(violations).toHaveLength(7);
  });
});
