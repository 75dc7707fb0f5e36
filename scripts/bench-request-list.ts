// Request-list benchmark: the staff's default list, GET /api/requests (the session's
// school year, test data hidden, newest first, 25 a page), through the real server on loopback,
// on a fresh temporary database per engine filled by the large-school generator.
//
//   1. Throughput at 20,000 requests: autocannon (in a process of its own), 50 connections,
//      BENCH_SECONDS (10) — beside a bare Fastify "hello" server in the app's process and the
//      app's cheapest signed-in route (GET /api/account: the session lookup alone), measured
//      the same way in the same run. Targets: at least 20 % of hello's requests/s, p99 ≤ 50 ms.
//   2. Scale: p50 of the same list at 1,000 and at 100,000 requests (50 connections; the median
//      of BENCH_REPEAT (3) runs each). Target: p50 at 100,000 ≤ 1.5 × p50 at 1,000.
//   3. For honesty about the cache (totals and pages are cached until a request changes): the
//      median time of one list call right after a change, at 1,000 and at 100,000 requests.
// Timings are printed, never asserted. Other load on the machine shows in the figures: run it
// on a quiet machine, and compare figures of the same run only.
//
//   npm run bench:requests                                 # both engines (PostgreSQL at PG_ADMIN_URL)
//   BENCH_ENGINES=sqlite npm run bench:requests            # one engine
//   BENCH_LARGE=50000 BENCH_SECONDS=5 npm run bench:requests
import { execFile } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Fastify from "fastify";
import { sql } from "kysely";
import { buildApp } from "../apps/server/src/app.ts";
import { bootstrap } from "../apps/server/src/bootstrap.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import type { AppContext } from "../apps/server/src/context.ts";
import { writeTransaction } from "../apps/server/src/db/database.ts";
import { seedLargeSchool } from "../apps/server/src/demo/large-school.ts";
import { insertUser } from "../apps/server/src/kernel/accounts.ts";
import { withDatabase } from "./bench-database.ts";
import { medianRun } from "./http-load.ts";
import { injectPost, signIn as staffSignIn } from "./staff-sign-in.ts";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const SMALL = 1_000;
const MAIN = 20_000;
const LARGE = Number(process.env.BENCH_LARGE ?? 100_000);
const PASSWORD = "benchmark passphrase 2025";
const LIST_PATH = "/api/requests";
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const COLD_SAMPLES = 25;

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

const AUTOCANNON = path.join(path.dirname(fileURLToPath(import.meta.url)), "../node_modules/autocannon/autocannon.js");

/**
 * autocannon in a process of its own: in the server's process it would share the one event loop
 * with the server, and every byte it reads would count against the server.
 */
function load(url: string, cookie?: string, connections = CONNECTIONS, seconds = DURATION_S): Promise<Measure> {
  const args = [AUTOCANNON, "-c", String(connections), "-d", String(seconds), "-j"];
  if (cookie) args.push("-H", `cookie=${cookie}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 10 * 1024 * 1024 }, (error, stdout) => {
      if (error) return reject(error);
      const result = JSON.parse(stdout) as {
        requests: { average: number };
        latency: { p50: number; p99: number };
        errors: number;
        timeouts: number;
        non2xx: number;
      };
      resolve({
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
      });
    });
  });
}

async function seedUpTo(ctx: AppContext, dataDir: string, have: number, want: number, hash: string): Promise<number> {
  if (want <= have) return have;
  const started = Date.now();
  const result = await seedLargeSchool(ctx.db, ctx.engine, {
    requests: want - have,
    seed: want,
    passwordHash: hash,
    dataDir,
  });
  console.log(
    `  seeded ${result.currentYearRequests} more requests (${have + result.currentYearRequests} in all, ` +
      `${result.families} families) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return have + result.currentYearRequests;
}

interface EngineResult {
  engine: string;
  list: Measure;
  hello: Measure;
  account: Measure;
  small: Measure;
  large: Measure;
  largeCount: number;
  coldSmall: number;
  coldLarge: number;
}

/** The run with the median p50 of `REPEAT` runs. */
async function medianLoad(url: string, cookie: string): Promise<Measure> {
  const runs: Measure[] = [];
  for (let i = 0; i < REPEAT; i++) runs.push(await load(url, cookie));
  return medianRun(runs, (run) => run.p50);
}

async function run(engine: string): Promise<EngineResult> {
  console.log(`\n${engine}:`);
  const db = await withDatabase(engine, "bench-list");
  const config = loadConfig({
    NODE_ENV: "test",
    SEED_DEMO: "false",
    LOG_LEVEL: "silent",
    DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX ?? "10",
    ...db.env,
  });
  const { ctx, handle } = await bootstrap(config, () => {});
  const { app } = await buildApp(ctx, { webDist: "/nonexistent" });
  const hello = Fastify({ logger: false });
  hello.get("/hello", () => ({ hello: "world" }));
  try {
    const year = await ctx.db
      .selectFrom("school_years")
      .select("id")
      .where("is_current", "=", 1)
      .executeTakeFirstOrThrow();
    const hash = await ctx.hasher.hash(PASSWORD);
    await insertUser(ctx.db, {
      email: "secretaria@bench.local",
      passwordHash: hash,
      firstSurname: "Bench",
      secondSurname: "",
      names: "Secretaria",
      phone: "",
      language: "es",
      role: "Secretaria",
      activated: true,
    });
    // Secretaria sets MFA up at this first sign-in.
    const cookie = await staffSignIn(injectPost(app), {
      schoolYearId: year.id,
      email: "secretaria@bench.local",
      password: PASSWORD,
    });
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const helloAddress = await hello.listen({ port: 0, host: "127.0.0.1" });
    const listUrl = `${address}${LIST_PATH}`;
    const get = async () => {
      const response = await fetch(listUrl, { headers: { cookie } });
      const body = (await response.json()) as { total: number; items: unknown[] };
      if (response.status !== 200 || body.items.length !== 25) throw new Error(`list answered ${response.status}`);
      return body.total;
    };
    /** One list call right after a request changed (its cached total and page are void). */
    const cold = async (): Promise<number> => {
      const times: number[] = [];
      for (let i = 0; i < COLD_SAMPLES; i++) {
        // A change as the app makes one (a write transaction), so the list reads the version again.
        await writeTransaction(ctx.db, ctx.engine, (trx) =>
          sql`update requests set photo_status = photo_status where id = (select min(id) from requests)`.execute(trx),
        );
        const started = performance.now();
        await get();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      return Math.round(times[Math.floor(times.length / 2)]! * 10) / 10;
    };

    let count = await seedUpTo(ctx, config.dataDir, 0, SMALL, hash);
    await get();
    await load(listUrl, cookie, CONNECTIONS, 3); // Warm-up (JIT, caches), not measured.
    const small = await medianLoad(listUrl, cookie);
    const coldSmall = await cold();
    console.log(`  ${count} requests: list p50 ${small.p50} ms (${small.rps} req/s); after a change ${coldSmall} ms`);

    count = await seedUpTo(ctx, config.dataDir, count, MAIN, hash);
    await get();
    const helloResult = await load(`${helloAddress}/hello`);
    const account = await load(`${address}/api/account`, cookie);
    const list = await load(listUrl, cookie);
    console.log(
      `  ${count} requests: list ${list.rps} req/s p99 ${list.p99} ms; hello ${helloResult.rps} req/s; ` +
        `GET /api/account ${account.rps} req/s`,
    );

    count = await seedUpTo(ctx, config.dataDir, count, LARGE, hash);
    await get();
    const large = await medianLoad(listUrl, cookie);
    const coldLarge = await cold();
    console.log(`  ${count} requests: list p50 ${large.p50} ms (${large.rps} req/s); after a change ${coldLarge} ms`);
    return { engine, list, hello: helloResult, account, small, large, largeCount: count, coldSmall, coldLarge };
  } finally {
    await hello.close();
    await app.close();
    ctx.mailer.close();
    await handle.close();
    await db.drop();
  }
}

const verdict = (ok: boolean) => (ok ? "meets" : "MISSES");
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const results: EngineResult[] = [];
for (const engine of (process.env.BENCH_ENGINES ?? "sqlite,postgres").split(",")) {
  results.push(await run(engine.trim()));
}

console.log(
  `\nGET ${LIST_PATH} (default list: session's year, no test data, newest first, 25 a page); ` +
    `${CONNECTIONS} connections, ${DURATION_S} s a measure, loopback, ${os.cpus().length} CPUs\n`,
);
console.log("1. Throughput at 20,000 requests (target: list ≥ 20 % of hello's req/s, list p99 ≤ 50 ms)");
console.log(
  "engine     list req/s  hello req/s  list/hello  list p50  list p99  errors  verdict   /api/account req/s (of hello)",
);
for (const r of results) {
  const ratio = r.list.rps / r.hello.rps;
  const ok = ratio >= 0.2 && r.list.p99 <= 50 && r.list.errors + r.list.non2xx === 0;
  console.log(
    [
      r.engine.padEnd(9),
      String(r.list.rps).padStart(10),
      String(r.hello.rps).padStart(11),
      pct(ratio).padStart(10),
      `${r.list.p50} ms`.padStart(8),
      `${r.list.p99} ms`.padStart(8),
      String(r.list.errors + r.list.non2xx).padStart(6),
      verdict(ok).padEnd(8),
      `${r.account.rps} (${pct(r.account.rps / r.hello.rps)})`,
    ].join("  "),
  );
}
console.log(`\n2. Scale (target: p50 at ${LARGE} ≤ 1.5 × p50 at ${SMALL}; median of ${REPEAT} runs)`);
console.log("engine     p50 @ small  p50 @ large (requests)  factor  verdict   one call after a change: small → large");
for (const r of results) {
  const factor = r.large.p50 / Math.max(r.small.p50, 0.001);
  console.log(
    [
      r.engine.padEnd(9),
      `${r.small.p50} ms`.padStart(11),
      `${r.large.p50} ms (${r.largeCount})`.padStart(22),
      factor.toFixed(2).padStart(6),
      verdict(factor <= 1.5 && r.large.errors + r.large.non2xx === 0).padEnd(8),
      `${r.coldSmall} ms → ${r.coldLarge} ms`,
    ].join("  "),
  );
}
