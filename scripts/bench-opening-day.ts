// Opening day: the morning enrollment opens. 1,070 family accounts exist (created
// directly in the database); 500 of them go through the whole wizard at once, each at a person's
// pace (3 s of thinking between pages): open the sign-in page (GET /login, as a signed-out
// visitor), sign in, open the welcome page, start a file, upload the documents and photos, save
// every step, send, download the registration summary. Through the real server run as the README's
// Deploy section runs it (bench-production.ts: compiled, NODE_ENV=production, JSON logs to a
// file), on a fresh database, SQLite then PostgreSQL. Prints, per request type, p50/p95/p99 and
// errors, the server's peak RSS and the main thread's longest event-loop block during the load,
// next to the goals (p95 ≤ 200 ms, p99 ≤ 500 ms, 0 errors, RSS ≤ 400 MB, stretch 350 MB; a block
// ≤ 20 ms, the goal of drawing the public pages on the server). Never asserted. GET /login needs
// the web build (apps/web/dist).
//
//   npm run bench:opening-day
//   BENCH_ENGINES=sqlite BENCH_ACTIVE=200 BENCH_THINK_MS=3000 BENCH_RAMP_S=60 npm run bench:opening-day

import sharp from "sharp";
import { bootstrap } from "../apps/server/src/bootstrap.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { everyStepBody, minimalPdf, multipart } from "../apps/server/test/support/documents.ts";
import type { ServerProcess } from "../apps/server/test/support/server-process.ts";
import { withDatabase } from "./bench-database.ts";
import { benchLogFile, startProductionServer } from "./bench-production.ts";
import { peakRss } from "./bench-rss.ts";
import { currentYearId, insertBenchUser, stopBenchServer } from "./bench-server.ts";

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 1_070);
const ACTIVE = Number(process.env.BENCH_ACTIVE ?? 500);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 3_000);
/** Families do not all arrive in the same second: their first click is spread over the ramp. */
const RAMP_S = Number(process.env.BENCH_RAMP_S ?? 60);
const PASSWORD = "benchmark passphrase 2025";
const GOALS = { p95: 200, p99: 500, rssMb: 400, rssStretchMb: 350, blockMs: 20 };

type Sample = { type: string; ms: number; ok: boolean };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A person's pause: the think time ± 30 %. */
const think = () => sleep(THINK_MS * (0.7 + Math.random() * 0.6));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function seedAccounts(env: Record<string, string>): Promise<number> {
  const config = loadConfig({ NODE_ENV: "test", SEED_DEMO: "true", LOG_LEVEL: "silent", ...env });
  const { ctx, handle } = await bootstrap(config, () => {});
  try {
    const hash = await ctx.hasher.hash(PASSWORD);
    for (let i = 0; i < ACCOUNTS; i++) {
      await insertBenchUser(ctx.db, {
        email: `family-${i}@opening.local`,
        passwordHash: hash,
        role: "User",
        names: `Familia ${i}`,
        language: i % 3 === 0 ? "fr" : "es",
      });
    }
    return await currentYearId(ctx.db);
  } finally {
    ctx.mailer.close();
    await handle.close();
  }
}

/** One family's morning, every request timed under its type. */
async function family(base: string, index: number, schoolYearId: number, photo: Buffer, samples: Sample[]) {
  let cookie = "";
  const timed = async (type: string, path: string, init: RequestInit = {}) => {
    const started = performance.now();
    let response: Response | undefined;
    try {
      response = await fetch(`${base}${path}`, {
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          ...(cookie ? { cookie } : {}),
          "sec-fetch-site": "same-origin",
        },
      });
      const body = Buffer.from(await response.arrayBuffer());
      samples.push({ type, ms: performance.now() - started, ok: response.ok });
      return { response, body };
    } catch {
      samples.push({ type, ms: performance.now() - started, ok: false });
      throw new Error(`${type}: no answer`);
    }
  };
  const json = (value: unknown, method = "PUT") => ({
    method,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(value),
  });

  // The sign-in page, as a signed-out visitor opens it (its HTML; the assets are cached files).
  await timed("GET /login", "/login", { headers: { accept: "text/html" } });
  const login = await timed("POST /api/auth/login", "/api/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ schoolYearId, email: `family-${index}@opening.local`, password: PASSWORD }),
  });
  cookie = (login.response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  if (!login.response.ok || !cookie) return;
  await timed("GET /api/session", "/api/session");
  await timed("GET /api/enrollment/cards", "/api/enrollment/cards");
  await think();
  const started = await timed("POST /api/enrollment/files", "/api/enrollment/files", json({}, "POST"));
  if (!started.response.ok) return;
  const fileId = (JSON.parse(started.body.toString()) as { id: number }).id;
  const upload = async (kind: string, content: Buffer, name: string, type: string) => {
    // Choosing a file on the phone takes a moment too.
    await think();
    const form = multipart(content, name, type);
    const answer = await timed("POST …/uploads", `/api/enrollment/files/${fileId}/uploads?kind=${kind}`, {
      method: "POST",
      headers: form.headers,
      body: form.payload,
    });
    return (JSON.parse(answer.body.toString()) as { id: number }).id;
  };
  const bodies = await everyStepBody({
    schoolYearId,
    pdf: (kind) => upload(kind, minimalPdf(), `${kind}.pdf`, "application/pdf"),
    photo: (kind) => upload(kind, photo, `${kind}.jpg`, "image/jpeg"),
  });
  for (const [step, body] of bodies) {
    await think();
    await timed("GET …/steps/:step", `/api/enrollment/files/${fileId}/steps/${step}`);
    await timed("PUT …/steps/:step", `/api/enrollment/files/${fileId}/steps/${step}`, json(body));
  }
  await think();
  await timed("POST …/send", `/api/enrollment/files/${fileId}/send`, { method: "POST" });
  await think();
  await timed("GET …/documents/summary", `/api/enrollment/files/${fileId}/documents/summary`);
}

async function run(engine: string) {
  const database = await withDatabase(engine, "opening-day");
  let server: ServerProcess | null = null;
  try {
    const schoolYearId = await seedAccounts(database.env);
    const started = await startProductionServer(database.env, benchLogFile(database.env.DATA_DIR));
    server = started.server;
    const { base } = started;
    const current = server;
    const photo = await sharp({ create: { width: 800, height: 800, channels: 3, background: "#88aacc" } })
      .jpeg()
      .toBuffer();

    const samples: Sample[] = [];
    const began = performance.now();
    const { value: failures, peakMb } = await peakRss(current.child.pid!, async () => {
      const runs = Array.from({ length: ACTIVE }, async (_, index) => {
        await sleep(Math.random() * RAMP_S * 1000);
        // Active families are spread over the accounts, as the morning's are.
        await family(base, Math.floor((index * ACCOUNTS) / ACTIVE), schoolYearId, photo, samples);
      });
      return (await Promise.allSettled(runs)).filter((result) => result.status === "rejected").length;
    });

    const longestBlock = started.longestBlockMs(Date.now() - (performance.now() - began), Date.now());
    const minutes = (performance.now() - began) / 60_000;
    const all = samples.map((sample) => sample.ms).sort((a, b) => a - b);
    const errors = samples.filter((sample) => !sample.ok).length;
    console.log(
      `\n${engine}: ${ACTIVE} of ${ACCOUNTS} families, think ${THINK_MS} ms, ramp ${RAMP_S} s; ${samples.length} requests in ${minutes.toFixed(1)} min`,
    );
    const types = [...new Set(samples.map((sample) => sample.type))];
    for (const type of types) {
      const times = samples
        .filter((sample) => sample.type === type)
        .map((sample) => sample.ms)
        .sort((a, b) => a - b);
      const failed = samples.filter((sample) => sample.type === type && !sample.ok).length;
      console.log(
        `  ${type.padEnd(28)} n ${String(times.length).padStart(5)}  p50 ${percentile(times, 0.5).toFixed(0).padStart(4)}  p95 ${percentile(times, 0.95).toFixed(0).padStart(5)}  p99 ${percentile(times, 0.99).toFixed(0).padStart(5)} ms  errors ${failed}`,
      );
    }
    const p95 = percentile(all, 0.95);
    const p99 = percentile(all, 0.99);
    const verdict = (ok: boolean) => (ok ? "ok" : "OVER GOAL");
    console.log(`  all requests: p95 ${p95.toFixed(0)} ms   goal ≤ ${GOALS.p95} ms   ${verdict(p95 <= GOALS.p95)}`);
    console.log(`                p99 ${p99.toFixed(0)} ms   goal ≤ ${GOALS.p99} ms   ${verdict(p99 <= GOALS.p99)}`);
    console.log(
      `  errors: ${errors} answers not 2xx, ${failures} families stopped   goal 0   ${verdict(errors === 0 && failures === 0)}`,
    );
    console.log(
      `  server peak RSS: ${peakMb.toFixed(0)} MB   goal ≤ ${GOALS.rssMb} MB   ${verdict(peakMb <= GOALS.rssMb)}` +
        `   stretch ≤ ${GOALS.rssStretchMb} MB   ${peakMb <= GOALS.rssStretchMb ? "ok" : "over"}`,
    );
    console.log(
      `  main thread's longest event-loop block: ${longestBlock.toFixed(1)} ms   goal (public pages drawn on the server) ≤ ${GOALS.blockMs} ms   ${verdict(longestBlock <= GOALS.blockMs)}`,
    );
  } finally {
    await stopBenchServer(server);
    await database.drop();
  }
}

for (const engine of (process.env.BENCH_ENGINES ?? "sqlite,postgres").split(",")) {
  await run(engine.trim());
}
