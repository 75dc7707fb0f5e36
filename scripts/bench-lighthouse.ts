// Lighthouse on /login (goals: mobile ≥ 90 median with Total Blocking Time ≤ 200 ms, desktop ≥ 98): the built
// portal served by the real server process (as bench:first-screen starts it), audited by the
// `lighthouse` package driving the system's Chromium (/usr/bin/chromium, never a downloaded one)
// with its mobile preset (a Moto G-class phone on slow 4G, CPU slower, simulated) and its
// desktop preset. Three runs per preset by default (the machine is shared): each run's
// performance score, LCP, TBT, accessibility score and the host's CPU index, then the median and
// the spread against the goals. Printed, never asserted. The mobile CPU slowdown is scaled to the
// host (below), so the figure means the same phone on a fast or a slow machine.
//
//   npm run build && npm run bench:lighthouse
//   BENCH_RUNS=5 npm run bench:lighthouse
//   BENCH_LIGHTHOUSE_REPORTS=/tmp/lh npm run bench:lighthouse   # each run's whole report (JSON) there
//   BENCH_CPU_SLOWDOWN=4 npm run bench:lighthouse   # Lighthouse's fixed 4×, not scaled to the host
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig, type Flags } from "lighthouse";
import { REPO_ROOT } from "../apps/server/test/support/server-process.ts";
import { startDemoServer, stopBenchServer } from "./bench-server.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const GOALS = { mobile: 90, desktop: 98 } as const;
const MOBILE_TBT_GOAL_MS = 200;
// Lighthouse's throttling docs ("Calibrating the CPU slowdown"): its fixed 4× CPU slowdown takes a
// high-end desktop (benchmarkIndex 1500–2000) down to a mid-tier phone. The same page scores lower on
// a slower host and higher on a faster one (the mobile figure moved from 86–89 to 63–78 between two
// machines of this project with the same code). So the mobile runs scale the slowdown to the host:
// 4 × index / 1750 brings the host to the middle of that range (an index of 2,600 gets ≈ 5.9×). The
// index is Lighthouse's own, measured at the start of every run; each mobile run takes the one of
// the run before it (the first, the uncounted warm-up's), and prints what it measured itself.
const CALIBRATED_INDEX = { low: 1500, high: 2000, middle: 1750 };
const FIXED_SLOWDOWN = process.env.BENCH_CPU_SLOWDOWN ? Number(process.env.BENCH_CPU_SLOWDOWN) : undefined;
const slowdownFor = (index: number) => FIXED_SLOWDOWN ?? Math.round((4 * index * 100) / CALIBRATED_INDEX.middle) / 100;
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

async function audit(url: string, preset: keyof typeof GOALS, cpuSlowdown?: number): Promise<Run> {
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
      // Merged into the preset's throttling: only the CPU factor changes (the network stays slow 4G).
      ...(cpuSlowdown ? { throttling: { cpuSlowdownMultiplier: cpuSlowdown } as Flags["throttling"] } : {}),
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
async function auditWithRetry(url: string, preset: keyof typeof GOALS, cpuSlowdown?: number): Promise<Run> {
  try {
    return await audit(url, preset, cpuSlowdown);
  } catch (error) {
    console.log(`${preset}: ${error instanceof Error ? error.message : String(error)}; running it again`);
    return audit(url, preset, cpuSlowdown);
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
    // One load first, not counted: the server's first answers read the files from disk. Its host
    // CPU index sets the first mobile run's slowdown.
    let lastIndex = (await auditWithRetry(url, "desktop")).benchmarkIndex;
    for (const preset of ["mobile", "desktop"] as const) {
      const runs: (Run & { slowdown: number })[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const slowdown = preset === "mobile" ? slowdownFor(lastIndex) : 1;
        const run = { ...(await auditWithRetry(url, preset, preset === "mobile" ? slowdown : undefined)), slowdown };
        lastIndex = run.benchmarkIndex;
        runs.push(run);
        const cpu =
          preset === "mobile"
            ? `, CPU slowdown ${slowdown}× (effective index ${Math.round((run.benchmarkIndex * 4) / slowdown)})`
            : "";
        console.log(
          `${preset} run ${i + 1}: performance ${run.performance}, LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms, accessibility ${run.accessibility}, host CPU index ${run.benchmarkIndex}${cpu}`,
        );
      }
      const scores = runs.map((run) => run.performance);
      const goal = GOALS[preset];
      const tbt = median(runs.map((run) => run.tbtMs));
      const tbtGoal =
        preset === "mobile"
          ? ` (goal ≤ ${MOBILE_TBT_GOAL_MS} ms: ${tbt <= MOBILE_TBT_GOAL_MS ? "met" : "not met"})`
          : "";
      console.log(
        `${preset}: performance median ${median(scores)} (spread ${spread(scores)}; goal ≥ ${goal}: ${median(scores) >= goal ? "met" : "not met"}), ` +
          `LCP median ${median(runs.map((run) => run.lcpMs))} ms, TBT median ${tbt} ms, spread ${spread(runs.map((run) => run.tbtMs))} ms${tbtGoal}, ` +
          `accessibility ${spread(runs.map((run) => run.accessibility))}`,
      );
      if (preset !== "mobile") continue;
      const effective = runs.map((run) => Math.round((run.benchmarkIndex * 4) / run.slowdown));
      const within = effective.every((index) => index >= CALIBRATED_INDEX.low && index <= CALIBRATED_INDEX.high);
      console.log(
        `mobile: host CPU index ${spread(runs.map((run) => run.benchmarkIndex))}, CPU slowdown ${spread(runs.map((run) => run.slowdown))}×, ` +
          `effective index ${spread(effective)} (Lighthouse's calibration: ${CALIBRATED_INDEX.low}–${CALIBRATED_INDEX.high}` +
          `${within ? "" : "; OUTSIDE it: the host's speed changed between runs, or the slowdown was fixed"})`,
      );
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
