// `npm test`: typecheck, lint, unit tests, API integration tests on SQLite and PostgreSQL, then
// end-to-end tests in Chromium (after the web build and its byte budget, npm run check:bundle).
// Stops at the first failing stage and ends with one summary line.
// TEST_STAGES=unit,sqlite runs only those stages (keys: typecheck lint unit web sqlite postgres e2e).
// With the e2e stage, the web build starts at once beside the first stages, its log printed when
// the e2e stage begins: typecheck (tsc, one core) leaves the second core of the CI machine free,
// and the build no longer adds its half minute to the e2e stage (docs/architecture.md, "Tests").
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Not test-results/: Playwright empties that folder when it starts.
const results = path.join(root, "test-reports");
fs.mkdirSync(results, { recursive: true });

const vitestJson = (name) => [
  "--reporter=default",
  "--reporter=json",
  `--outputFile=${path.join(results, `${name}.json`)}`,
];
const stages = [
  { key: "typecheck", name: "typecheck", cmd: ["npm", "run", "typecheck"] },
  { key: "lint", name: "lint", cmd: ["npm", "run", "lint"] },
  {
    key: "unit",
    name: "unit",
    cmd: ["npx", "vitest", "run", "--project", "unit", ...vitestJson("unit")],
    report: "vitest",
  },
  {
    key: "web",
    name: "web components",
    // Isolated: vitest.config.ts's `isolate: false` would hand a later spec file modules bound to
    // the first file's jsdom document (Testing Library's `screen`, user-event's input tracking).
    cmd: ["npx", "vitest", "run", "--project", "web", "--isolate", ...vitestJson("web")],
    report: "vitest",
  },
  {
    key: "sqlite",
    name: "integration (SQLite)",
    cmd: ["npx", "vitest", "run", "--project", "integration", ...vitestJson("sqlite")],
    env: { DB_ENGINE: "sqlite" },
    report: "vitest",
    file: "sqlite",
  },
  {
    key: "postgres",
    name: "integration (PostgreSQL)",
    cmd: ["npx", "vitest", "run", "--project", "integration", ...vitestJson("postgres")],
    env: { DB_ENGINE: "postgres" },
    report: "vitest",
    file: "postgres",
  },
  {
    key: "e2e",
    name: "end-to-end (Chromium)",
    // npm run test:e2e without its build, started beside the first stages (earlyBuild below).
    cmd: ["sh", "-c", "npm run check:bundle && npx playwright test"],
    report: "playwright",
    file: "e2e",
    needsBuild: true,
  },
];
const only = process.env.TEST_STAGES?.split(",").filter(Boolean);
const unknown = only?.filter((key) => !stages.some((stage) => stage.key === key)) ?? [];
if (unknown.length > 0) {
  console.error(`TEST_STAGES: no stage ${unknown.join(", ")} (stages: ${stages.map((s) => s.key).join(" ")})`);
  process.exit(2);
}

/** `npm run build` in the background, its output kept for the stage that needs it. */
function earlyBuild() {
  const log = path.join(results, "build.log");
  const out = fs.openSync(log, "w");
  const started = Date.now();
  const child = spawn("npm", ["run", "build"], { cwd: root, stdio: ["ignore", out, out], env: process.env });
  const done = new Promise((resolve) => {
    child.on("exit", (code) => resolve(code ?? 1));
    child.on("error", () => resolve(1));
  });
  let reported;
  // Waits for the build once; prints its log and time the first time.
  return () => {
    reported ??= done.then((status) => {
      fs.closeSync(out);
      process.stdout.write(fs.readFileSync(log, "utf8"));
      console.log(
        `=== web build: ${status === 0 ? "ok" : "FAILED"} in ${Math.round((Date.now() - started) / 1000)} s ===`,
      );
      return status;
    });
    return reported;
  };
}

const selected = stages.filter((s) => !only || only.includes(s.key));
const build = selected.some((stage) => stage.needsBuild) ? earlyBuild() : null;
// A stage that fails before the build is done: the build is waited for, not left writing dist/.
const stop = async (status) => {
  if (build) await build();
  process.exit(status);
};

let passed = 0;
let failed = 0;
function count(stage) {
  const file = path.join(results, `${stage.file ?? stage.name}.json`);
  if (!fs.existsSync(file)) return;
  const data = JSON.parse(fs.readFileSync(file, "utf8"));
  if (stage.report === "vitest") {
    passed += data.numPassedTests ?? 0;
    failed += data.numFailedTests ?? 0;
  } else {
    passed += data.stats?.expected ?? 0;
    failed += (data.stats?.unexpected ?? 0) + (data.stats?.flaky ?? 0);
  }
}

for (const stage of selected) {
  const file = path.join(results, `${stage.file ?? stage.name}.json`);
  fs.rmSync(file, { force: true });
  console.log(`\n=== ${stage.name} ===`);
  const started = Date.now();
  if (stage.needsBuild && build && (await build()) !== 0) {
    failed += 1;
    console.log(`=== ${stage.name}: FAILED (the web build) ===`);
    console.log(`\n${passed} passed, ${failed} failed`);
    process.exit(1);
  }
  const run = spawnSync(stage.cmd[0], stage.cmd.slice(1), {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...stage.env },
  });
  if (stage.report) count(stage);
  console.log(
    `=== ${stage.name}: ${run.status === 0 ? "ok" : "FAILED"} in ${Math.round((Date.now() - started) / 1000)} s ===`,
  );
  if (run.status !== 0) {
    if (!stage.report) failed += 1;
    console.log(`\n${passed} passed, ${Math.max(failed, 1)} failed`);
    await stop(run.status ?? 1);
  }
}
console.log(`\n${passed} passed, ${failed} failed`);
await stop(failed === 0 ? 0 : 1);
