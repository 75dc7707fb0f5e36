import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  buildServer,
  freePort,
  REPO_ROOT,
  SERVER_ARGS,
  type ServerProcess,
} from "../apps/server/test/support/server-process.ts";

// The portal as the README's Deploy section runs it, for the benchmarks whose goals are the deployed
// server's (opening day, PDF bursts): the compiled server, NODE_ENV=production with an https
// PUBLIC_URL and a captcha key, MALLOC_ARENA_MAX=2, and its JSON log lines at the default level
// (info) appended to a file, as a log collector would take them from standard output.

export const BENCH_PUBLIC_URL = "https://portal.bench.test";

const LOOP_DELAY_PRELOAD = path.join(import.meta.dirname, "bench-loop-delay.mjs");

function arenas(): Record<string, string> {
  const value = process.env.BENCH_MALLOC_ARENA_MAX ?? "2";
  return value === "" ? {} : { MALLOC_ARENA_MAX: value };
}

export interface ProductionServer {
  server: ServerProcess;
  base: string;
  /** The main thread's longest event-loop block between two instants (epoch ms), in ms. */
  longestBlockMs: (from: number, to: number) => number;
}

/** A log file in a fresh folder of `dataDir`, for startProductionServer. */
export function benchLogFile(dataDir: string | undefined): string {
  return path.join(fs.mkdtempSync(path.join(dataDir ?? "/tmp", "logs-")), "portal.log");
}

/** The machine's load average when a benchmark ends, printed beside its figures (docs/performance.md). */
export function loadAverageLine(): string {
  return `  load average (1, 5, 15 min) at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", ")}`;
}

/**
 * Starts the compiled server in production mode on a free port. `logFile` receives its output;
 * `nodeArgs` go before the entry (e.g. `--cpu-prof`). The main thread's event-loop delay is
 * recorded by a preloaded module (bench-loop-delay.mjs) into a file beside the log.
 */
export async function startProductionServer(
  env: Record<string, string>,
  logFile: string,
  nodeArgs: string[] = [],
): Promise<ProductionServer> {
  buildServer();
  const port = await freePort();
  const delayFile = `${logFile}.loop-delay`;
  const out = fs.openSync(logFile, "a");
  const child = spawn(process.execPath, ["--import", LOOP_DELAY_PRELOAD, ...nodeArgs, ...SERVER_ARGS], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? REPO_ROOT,
      ...env,
      NODE_ENV: "production",
      PUBLIC_URL: BENCH_PUBLIC_URL,
      CAPTCHA_HMAC_KEY: "b".repeat(40),
      DATA_ENCRYPTION_KEY: "d".repeat(64),
      SEED_DEMO: "false",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOOP_DELAY_FILE: delayFile,
      ...arenas(),
    },
    stdio: ["ignore", out, out],
  });
  fs.closeSync(out);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  const output = () => fs.readFileSync(logFile, "utf8");
  const server: ServerProcess = { child, stdout: output, stderr: () => "", exited };
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await fetch(`${base}/api/health`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`the server did not start:\n${output().slice(-3000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const longestBlockMs = (from: number, to: number) => {
    let longest = 0;
    const text = fs.existsSync(delayFile) ? fs.readFileSync(delayFile, "utf8") : "";
    for (const line of text.split("\n")) {
      const [at, max] = line.split(" ").map(Number);
      if (at !== undefined && max !== undefined && at >= from && at <= to + 1_000) longest = Math.max(longest, max);
    }
    return longest;
  };
  return { server, base, longestBlockMs };
}
