// PDF benchmark (issue #13, "PDF work off the main thread"): GET /api/health's p95 while 20
// registration summaries are drawn at once ("generate a new report", so never the stored copy), against its p95 idle, measured in the same run
// through the real server run as a child process (as `npm start`), on a fresh temporary database.
// Goal: p95 during ≤ 2 × idle. Figures are printed next to their goal, never asserted.
//
//   npm run bench:pdf
//   BENCH_ENGINE=postgres BENCH_SECONDS=8 npm run bench:pdf
import { bootstrap } from "../apps/server/src/bootstrap.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { seedLargeSchool } from "../apps/server/src/db/seeds/large-school.ts";
import type { ServerProcess } from "../apps/server/test/support/server-process.ts";
import { withDatabase } from "./bench-database.ts";
import { currentYearId, insertBenchUser, startBenchServer, stopBenchServer } from "./bench-server.ts";
import { fetchPost, signIn as staffSignIn } from "./staff-sign-in.ts";

const ENGINE = process.env.BENCH_ENGINE ?? "sqlite";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const CONCURRENT_PDFS = 20;
/** Health is probed by a few sequential loops: each latency is one request's alone. */
const PROBES = 4;
const PASSWORD = "benchmark passphrase 2025";
const GOAL_RATIO = 2;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** GET /api/health from PROBES loops for `ms`; the latencies' p50/p95/p99. */
async function probeHealth(base: string, ms: number) {
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + ms;
  await Promise.all(
    Array.from({ length: PROBES }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const response = await fetch(`${base}/api/health`);
        await response.arrayBuffer();
        if (!response.ok) errors += 1;
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    count: latencies.length,
    errors,
  };
}

/** CONCURRENT_PDFS loops downloading summaries until `stop()`; how many were drawn and their times. */
function drawSummaries(base: string, cookie: string, fileIds: number[]) {
  let running = true;
  const times: number[] = [];
  let failures = 0;
  const loops = Array.from({ length: CONCURRENT_PDFS }, async (_, index) => {
    for (let turn = 0; running; turn += 1) {
      const fileId = fileIds[(index + turn * CONCURRENT_PDFS) % fileIds.length];
      const started = performance.now();
      // regenerate=true: the summary is drawn every time, not read from its stored copy.
      const response = await fetch(`${base}/api/enrollment/files/${fileId}/documents/summary?regenerate=true`, {
        headers: { cookie },
      });
      const bytes = await response.arrayBuffer();
      if (!response.ok || bytes.byteLength < 1000) failures += 1;
      else times.push(performance.now() - started);
    }
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
      times.sort((a, b) => a - b);
      return { count: times.length, p50: percentile(times, 0.5), p95: percentile(times, 0.95), failures };
    },
  };
}

async function main() {
  const database = await withDatabase(ENGINE, "bench-pdf");
  let server: ServerProcess | null = null;
  try {
    const config = loadConfig({ NODE_ENV: "test", SEED_DEMO: "false", LOG_LEVEL: "silent", ...database.env });
    const { ctx, handle } = await bootstrap(config, () => {});
    const year = { id: await currentYearId(ctx.db) };
    const hash = await ctx.hasher.hash(PASSWORD);
    await seedLargeSchool(ctx.db, ctx.engine, {
      requests: 60,
      testShare: 0,
      seed: 13,
      passwordHash: hash,
      dataDir: database.env.DATA_DIR!,
    });
    await insertBenchUser(ctx.db, {
      email: "secretaria@bench.local",
      passwordHash: hash,
      role: "Secretaria",
      names: "Secretaria",
    });
    const files = await ctx.db.selectFrom("requests").select("file_id").where("school_year_id", "=", year.id).execute();
    await handle.close();
    const fileIds = files.map((row) => row.file_id);

    let base: string;
    ({ server, base } = await startBenchServer(database.env));
    const _current = server;
    // Staff pass MFA for real (issue #12): set up at this first sign-in.
    const cookie = await staffSignIn(fetchPost(base), {
      schoolYearId: year.id,
      email: "secretaria@bench.local",
      password: PASSWORD,
    });

    // Warm-up: the first PDF starts the worker threads and loads pdf-lib and the fonts.
    await drawSummaries(base, cookie, fileIds).stop();
    const idle = await probeHealth(base, SECONDS * 1000);
    const pdfs = drawSummaries(base, cookie, fileIds);
    const during = await probeHealth(base, SECONDS * 1000);
    const drawn = await pdfs.stop();

    const ratio = during.p95 / idle.p95;
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(
      `${ENGINE}: ${CONCURRENT_PDFS} summaries drawn at once, ${SECONDS} s per phase, ${PROBES} health probes`,
    );
    console.log(
      `  health idle:        p50 ${ms(idle.p50)}  p95 ${ms(idle.p95)}  p99 ${ms(idle.p99)}  (${idle.count} requests, ${idle.errors} errors)`,
    );
    console.log(
      `  health during PDFs: p50 ${ms(during.p50)}  p95 ${ms(during.p95)}  p99 ${ms(during.p99)}  (${during.count} requests, ${during.errors} errors)`,
    );
    console.log(
      `  summaries: ${drawn.count} drawn, p50 ${ms(drawn.p50)}  p95 ${ms(drawn.p95)}, ${drawn.failures} failed`,
    );
    console.log(
      `  p95 during / idle: ${ratio.toFixed(2)} ×   goal ≤ ${GOAL_RATIO} ×   ${ratio <= GOAL_RATIO ? "ok" : "OVER GOAL"}`,
    );
  } finally {
    await stopBenchServer(server);
    await database.drop();
  }
}

await main();
