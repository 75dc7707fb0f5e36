// Lighthouse on /login (issue #13: "Lighthouse /login ≥ 90 mobile and ≥ 95 desktop"): the built
// portal served by the real server process (as bench:first-screen starts it), audited by the
// `lighthouse` package driving the system's Chromium (/usr/bin/chromium, never a downloaded one)
// with its mobile preset (a Moto G-class phone on slow 4G, CPU 4× slower, simulated) and its
// desktop preset. Three runs per preset by default (the machine is shared): each run's
// performance score, LCP, TBT, accessibility score and the host's CPU index, then the median and
// the spread against the goals. Printed, never asserted.
//
//   npm run build && npm run bench:lighthouse
//   BENCH_RUNS=5 npm run bench:lighthouse
//   BENCH_LIGHTHOUSE_REPORTS=/tmp/lh npm run bench:lighthouse   # each run's whole report (JSON) there
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig, type Flags } from "lighthouse";
import { REPO_ROOT } from "../apps/server/test/support/server-process.ts";
import { startDemoServer, stopBenchServer } from "./bench-server.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const GOALS = { mobile: 90, desktop: 95 } as const;
// Lighthouse's throttling docs ("Calibrating the CPU slowdown"): its fixed 4× CPU slowdown takes a
// high-end desktop (benchmarkIndex 1500–2000) down to a mid-tier phone. The same page scores lower on
// a slower host, so each run prints the host's index: mobile scores from two machines compare only
// at similar indexes (issue #13's mobile figure moved from 86–89 to 63–78 between two machines of
// this project with the same code).
const CALIBRATED_INDEX = 1500;
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
];

interface Run {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  /** Lighthouse's own measure of the host's CPU (higher is faster): what its 4× CPU slowdown is relative to. */
  benchmarkIndex: number;
}

async function audit(url: string, preset: keyof typeof GOALS): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const flags: Flags = {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
      locale: "en",
    };
    const result = await lighthouse(url, flags, preset === "desktop" ? desktopConfig : undefined);
    if (!result) throw new Error("lighthouse returned no result");
    const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
    if (reports) {
      fs.mkdirSync(reports, { recursive: true });
      fs.writeFileSync(path.join(reports, `${preset}-${Date.now()}.json`), JSON.stringify(result.lhr));
    }
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`lighthouse: ${runtimeError.code} ${runtimeError.message}`);
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? Number.NaN),
      tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? Number.NaN),
      benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse sometimes loses the page's trace (NO_NAVSTART, "run Lighthouse again"): one retry. */
async function auditWithRetry(url: string, preset: keyof typeof GOALS): Promise<Run> {
  try {
    return await audit(url, preset);
  } catch (error) {
    console.log(`${preset}: ${error instanceof Error ? error.message : String(error)}; running it again`);
    return audit(url, preset);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const spread = (values: number[]) => `${Math.min(...values)}–${Math.max(...values)}`;

async function main() {
  if (!fs.existsSync(path.join(REPO_ROOT, "apps/web/dist/index.html"))) {
    console.error("bench:lighthouse: apps/web/dist is missing; run `npm run build` first.");
    process.exit(2);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-lighthouse-"));
  const { server, base } = await startDemoServer(dataDir);
  try {
    const url = `${base}/login`;
    // One load first, not counted: the server's first answers read the files from disk.
    await auditWithRetry(url, "desktop");
    for (const preset of ["mobile", "desktop"] as const) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const run = await auditWithRetry(url, preset);
        runs.push(run);
        console.log(
          `${preset} run ${i + 1}: performance ${run.performance}, LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms, accessibility ${run.accessibility}, host CPU index ${run.benchmarkIndex}`,
        );
      }
      const scores = runs.map((run) => run.performance);
      const goal = GOALS[preset];
      console.log(
        `${preset}: performance median ${median(scores)} (spread ${spread(scores)}; goal ≥ ${goal}: ${median(scores) >= goal ? "met" : "not met"}), ` +
          `LCP median ${median(runs.map((run) => run.lcpMs))} ms, TBT median ${median(runs.map((run) => run.tbtMs))} ms, ` +
          `accessibility ${spread(runs.map((run) => run.accessibility))}`,
      );
      const index = median(runs.map((run) => run.benchmarkIndex));
      if (preset === "mobile" && index < CALIBRATED_INDEX) {
        console.log(
          `mobile: host CPU index ${spread(runs.map((run) => run.benchmarkIndex))} (median ${index}), under the ${CALIBRATED_INDEX}–2000 ` +
            "that Lighthouse's 4× slowdown is meant for: these runs emulate a slower phone than its mobile preset's",
        );
      }
    }
  } finally {
    await stopBenchServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
