import http from "node:http";
import { freePort, type ServerProcess, startServerProcess } from "../apps/server/test/support/server-process.ts";

/** One request's fate, with when its bytes reached the OS (`sentAt`) and when it ended. */
export interface Outcome {
  sentAt: number;
  endedAt: number;
  status?: number;
  code?: string;
  /** Node's error code when there was no answer (ECONNRESET, ECONNREFUSED…). */
  error?: string;
}

/** A GET on `agent`; never rejects, the outcome says what happened. */
export function timedGet(agent: http.Agent, port: number, path: string): Promise<Outcome> {
  return new Promise((resolve) => {
    let sentAt = Number.NaN;
    const request = http.request({ host: "127.0.0.1", port, path, agent }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => {
        body += chunk.toString("utf8");
      });
      res.on("end", () => {
        let code: string | undefined;
        try {
          const parsed = JSON.parse(body) as { error?: { code?: string }; reason?: string };
          // An error's code, or the reason GET /api/health gives with its 503.
          code = parsed.error?.code ?? parsed.reason;
        } catch {}
        resolve({ sentAt, endedAt: performance.now(), status: res.statusCode, code });
      });
      res.on("error", (error: NodeJS.ErrnoException) =>
        resolve({ sentAt, endedAt: performance.now(), error: error.code ?? error.message }),
      );
    });
    request.on("finish", () => {
      sentAt = performance.now();
    });
    request.on("error", (error: NodeJS.ErrnoException) =>
      resolve({ sentAt, endedAt: performance.now(), error: error.code ?? error.message }),
    );
    request.end();
  });
}

/** Starts the real server (compiled, as `npm start` runs it) on a free port and waits until /api/health answers 200. */
export async function startServer(env: Record<string, string>): Promise<{ server: ServerProcess; port: number }> {
  const port = await freePort();
  const server = startServerProcess({
    NODE_ENV: "development",
    LOG_LEVEL: "warn",
    SEED_DEMO: "false",
    HOST: "127.0.0.1",
    PORT: String(port),
    ...env,
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
    if (response?.status === 200) return { server, port };
    if (server.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`the server did not start:\n${server.stdout()}\n${server.stderr()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Latencies of GET /api/health, as the benchmarks beside a load report them. */
export interface HealthProbe {
  p50: number;
  p95: number;
  p99: number;
  count: number;
  errors: number;
}

/**
 * GET /api/health from `loops` sequential loops (each waits for its answer before the next) until
 * `stop()` says so: what one more user would wait while the benchmark's load runs.
 */
export async function probeHealth(base: string, loops: number, stop: () => boolean): Promise<HealthProbe> {
  const latencies: number[] = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: loops }, async () => {
      while (!stop()) {
        const started = performance.now();
        const response = await fetch(`${base}/api/health`);
        await response.arrayBuffer();
        if (!response.ok) errors += 1;
        latencies.push(performance.now() - started);
      }
    }),
  );
  const at = (p: number) => (latencies.length === 0 ? 0 : percentile(latencies, p));
  return { p50: at(50), p95: at(95), p99: at(99), count: latencies.length, errors };
}

/** The run whose `value` is the median of the runs' (the upper one of an even count). */
export function medianRun<T>(runs: readonly T[], value: (run: T) => number): T {
  const sorted = [...runs].sort((a, b) => value(a) - value(b));
  const run = sorted[Math.floor(sorted.length / 2)];
  if (run === undefined) throw new Error("medianRun: no runs");
  return run;
}

/** "200: 1234, 503 DATABASE_UNAVAILABLE: 12, ECONNRESET: 0" */
export function tally(outcomes: Outcome[]): string {
  const counts = new Map<string, number>();
  for (const o of outcomes) {
    const key = o.error ?? `${o.status}${o.code ? ` ${o.code}` : ""}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, n]) => `${key}: ${n}`).join(", ") || "none";
}
