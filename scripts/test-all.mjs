// `npm test`: typecheck, lint, unit tests, API integration tests on SQLite and PostgreSQL, then
// end-to-end tests in Chromium (after the web build and its byte budget, npm run check:bundle).
// Stops after the first step with a failing stage and ends with one summary line.
// TEST_STAGES=unit,sqlite runs only those stages (keys: typecheck lint unit web sqlite
// sqlite-runtime postgres node-lts e2e; sqlite-runtime is the part of the SQLite run that depends
// on the Node.js version, for scripts/test-on-node.sh; node-lts runs it on another Node, beside the
// integration stages, when TEST_NODE_LTS names that Node).
// With the e2e stage, the web build starts at once beside the first stages, its log printed when
// the e2e stage begins. typecheck (tsc, one core) runs beside lint, unit and web tests (STEPS
// below), each printing its output when it ends.
// TEST_PARALLEL=off runs every stage one after another, output live (CONTRIBUTING.md, "CI").
import { spawn } from "node:child_process";
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
/**
 * The integration spec files whose outcome can change with the Node.js version, run again on the
 * next LTS by scripts/test-on-node.sh (the unit tests run there whole): the native SQLite binding
 * compiled for that Node (files, backups, migrations, faults), worker
 * threads (the PDF pool, the public pages' drawing thread), node:crypto and the Node-API addons
 * (argon2 passwords, encrypted data, second factors, ballots), streams and zlib (exports, ZIPs,
 * compression), sharp (photos), child processes and signals (the server process, its shutdown),
 * and the SMTP client on the sockets. Every other file runs the same JavaScript through the same
 * libraries; it runs on the machine's Node in the full SQLite and PostgreSQL stages.
 */
const RUNTIME_FILES = [
  "backup-restore",
  "compression",
  "data-encryption",
  "database-faults",
  "documents-zip",
  "elections-receipts",
  "hostile-pdfs",
  "mail-outbox",
  "medical-records-pdf",
  "mfa",
  "migrations",
  "password-policy",
  "pdf-originals",
  "photos",
  "public-pages",
  "reports-export",
  "server-process",
  "shutdown",
  "sqlite-full-step-save",
  "storage-faults",
].map((name) => `apps/server/test/${name}.spec.ts`);

/**
 * TEST_NODE_LTS=22 adds a stage that runs the runtime-dependent tests (the unit tests and
 * RUNTIME_FILES; TEST_NODE_STAGES="unit sqlite" for the whole SQLite suite) on that Node in a copy
 * of the tree (scripts/test-on-node.sh), beside the SQLite and PostgreSQL stages.
 */
const NODE_LTS = process.env.TEST_NODE_LTS || undefined;
const NODE_LTS_STAGES = (process.env.TEST_NODE_STAGES ?? "unit sqlite-runtime").split(/\s+/).filter(Boolean);

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
    key: "sqlite-runtime",
    name: "integration (SQLite), the runtime-dependent files",
    cmd: ["npx", "vitest", "run", "--project", "integration", ...RUNTIME_FILES, ...vitestJson("sqlite-runtime")],
    env: { DB_ENGINE: "sqlite" },
    report: "vitest",
    file: "sqlite-runtime",
    // A part of the "sqlite" stage: only when asked for by name.
    onlyByName: true,
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
    key: "node-lts",
    name: `the runtime-dependent tests on Node ${NODE_LTS}`,
    // Prepared and run beside the integration stages, which leave most of a core idle; niced, so
    // they keep the cores they use. The copy's own summary line is in its output.
    cmd: ["nice", "-n", "10", "bash", "scripts/test-on-node.sh", NODE_LTS ?? "22", ...NODE_LTS_STAGES],
    // Only with TEST_NODE_LTS, which .ci/run sets (CONTRIBUTING.md, "CI").
    enabled: Boolean(NODE_LTS),
    // The copy's own vitest reports, counted in the run's summary line.
    report: "vitest",
    reportFiles: NODE_LTS_STAGES.map((key) =>
      path.join(
        process.env.NODE_TEST_DIR ?? path.join(process.env.TMPDIR ?? "/tmp", "portal-on-node"),
        NODE_LTS ?? "22",
        "tree/test-reports",
        `${key}.json`,
      ),
    ),
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
/**
 * The order of the run: each step's lanes run side by side, each lane's stages one after another.
 * typecheck is tsc on one core, so lint and the vitest stages take the other (the web build, when
 * e2e is selected, shares both meanwhile). The tests on the next Node LTS (node-lts) run beside
 * the integration stages, which use about 1.2 of the two cores. The SQLite and PostgreSQL runs stay
 * one after the other: side by side they are four vitest workers on two cores, and a test that waits for a
 * database state with a deadline (database-faults) failed once run that way, other work beside
 * (CONTRIBUTING.md, "CI").
 */
const STEPS = [
  [["typecheck"], ["lint", "unit", "web"]],
  [["sqlite", "sqlite-runtime", "postgres"], ["node-lts"]],
  [["e2e"]],
];
const only = process.env.TEST_STAGES?.split(",").filter(Boolean);
const unknown = only?.filter((key) => !stages.some((stage) => stage.key === key)) ?? [];
if (unknown.length > 0) {
  console.error(`TEST_STAGES: no stage ${unknown.join(", ")} (stages: ${stages.map((s) => s.key).join(" ")})`);
  process.exit(2);
}
const parallel = process.env.TEST_PARALLEL !== "off";

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

const isSelected = (stage) => stage.enabled !== false && (only ? only.includes(stage.key) : !stage.onlyByName);
const selected = stages.filter(isSelected);
const build = selected.some((stage) => stage.needsBuild) ? earlyBuild() : null;
const runStarted = Date.now();

let passed = 0;
let failed = 0;
function count(stage) {
  for (const file of stage.reportFiles ?? [path.join(results, `${stage.file ?? stage.name}.json`)]) {
    if (!fs.existsSync(file)) continue;
    const data = JSON.parse(fs.readFileSync(file, "utf8"));
    if (stage.report === "vitest") {
      passed += data.numPassedTests ?? 0;
      failed += data.numFailedTests ?? 0;
    } else {
      passed += data.stats?.expected ?? 0;
      failed += (data.stats?.unexpected ?? 0) + (data.stats?.flaky ?? 0);
    }
  }
}

/** Runs one stage; its output goes to the terminal (`live`) or to a log printed when it ends. */
async function runStage(stage, live) {
  for (const file of stage.reportFiles ?? [path.join(results, `${stage.file ?? stage.name}.json`)]) {
    fs.rmSync(file, { force: true });
  }
  if (live) console.log(`\n=== ${stage.name} ===`);
  const started = Date.now();
  if (stage.needsBuild && build && (await build()) !== 0) {
    console.log(`=== ${stage.name}: FAILED (the web build) ===`);
    return 1;
  }
  const log = path.join(results, `${stage.key}.log`);
  const out = live ? null : fs.openSync(log, "w");
  const status = await new Promise((resolve) => {
    const child = spawn(stage.cmd[0], stage.cmd.slice(1), {
      cwd: root,
      stdio: live ? "inherit" : ["ignore", out, out],
      env: { ...process.env, ...stage.env },
    });
    child.on("exit", (code) => resolve(code ?? 1));
    child.on("error", () => resolve(1));
  });
  if (!live) {
    fs.closeSync(out);
    console.log(`\n=== ${stage.name} ===`);
    process.stdout.write(fs.readFileSync(log, "utf8"));
  }
  if (stage.report) count(stage);
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`=== ${stage.name}: ${status === 0 ? "ok" : "FAILED"} in ${seconds} s ===`);
  if (status !== 0 && !stage.report) failed += 1;
  return status;
}

/** A lane's stages one after another, stopping at the first that fails. */
async function runLane(lane, live) {
  for (const stage of lane) {
    const status = await runStage(stage, live);
    if (status !== 0) return status;
  }
  return 0;
}

// One step per stage when not in parallel.
const steps = (parallel ? STEPS : STEPS.flat(2).map((key) => [[key]]))
  .map((step) => step.map((lane) => lane.map((key) => stages.find((s) => s.key === key)).filter(isSelected)))
  .map((step) => step.filter((lane) => lane.length > 0))
  .filter((step) => step.length > 0);
let status = 0;
for (const step of steps) {
  const statuses = await Promise.all(step.map((lane) => runLane(lane, step.length === 1)));
  status = statuses.find((code) => code !== 0) ?? 0;
  if (status !== 0) break;
}
// A stage that failed before the build is done: the build is waited for, not left writing dist/.
if (build) await build();
const total = Math.round((Date.now() - runStarted) / 1000);
if (status !== 0) {
  console.log(`\n${passed} passed, ${Math.max(failed, 1)} failed (${total} s)`);
  process.exit(status);
}
console.log(`\n${passed} passed, ${failed} failed (${total} s)`);
process.exit(failed === 0 ? 0 : 1);
