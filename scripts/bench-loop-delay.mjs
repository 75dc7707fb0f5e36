// Preloaded into the benchmarked server (node --import, bench-production.ts): every 250 ms it
// appends "<epoch ms> <longest event-loop delay in ms since the last line>" to LOOP_DELAY_FILE,
// from perf_hooks' monitorEventLoopDelay, so a benchmark can report the main thread's longest block
// during its load alone (not during the start, when modules load). The timer is unref'd: it never
// keeps the process alive.
import fs from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

const file = process.env.LOOP_DELAY_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const timer = setInterval(() => {
    fs.appendFileSync(file, `${Date.now()} ${(histogram.max / 1e6).toFixed(1)}\n`);
    histogram.reset();
  }, 250);
  timer.unref();
}
