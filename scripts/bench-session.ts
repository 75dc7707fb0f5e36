// Session check benchmark ("a cheap session check"): GET /api/session for a signed-in
// family, as every screen of the portal asks it, against a bare Fastify "hello" without logging
// (the goal's baseline) and a Fastify "hello" logging at info (its request lines, the earlier
// baseline) — each in a server process of its own, the portal started the way production starts
// (NODE_ENV=production, info-level JSON logs written to a file), loaded by autocannon in another
// process with 50 connections, in the same run. Goal: the session check serves ≥ 70 % of the bare
// hello's requests per second; the ratio to the logging hello is printed beside it. Printed, never
// asserted. The three are loaded in turn, BENCH_ROUNDS times (3), and each ratio is that of the
// medians: on a shared machine hello alone moved by a third between two loads a minute apart.
//
//   npm run bench:session
//   BENCH_ENGINE=postgres BENCH_SECONDS=10 BENCH_ROUNDS=5 npm run bench:session
//   BENCH_CPU_PROF=/tmp/prof npm run bench:session   # the portal's CPU profile (.cpuprofile) there
//   REQUEST_LOG=all npm run bench:session            # every request its log line (production sums reads up)
import { type ChildProcess, execFile, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bootstrap } from "../apps/server/src/bootstrap.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { insertUser } from "../apps/server/src/kernel/accounts.ts";
import { buildServer, freePort, REPO_ROOT, SERVER_ARGS } from "../apps/server/test/support/server-process.ts";
import { withDatabase } from "./bench-database.ts";
import { medianRun } from "./http-load.ts";

const ENGINE = process.env.BENCH_ENGINE ?? "sqlite";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;
const PASSWORD = "benchmark passphrase 2025";
const GOAL = 0.7;
const AUTOCANNON = path.join(path.dirname(fileURLToPath(import.meta.url)), "../node_modules/autocannon/autocannon.js");

/** A bare Fastify answering {"hello":"world"}, no logger: what one process can serve at most. */
const BARE_HELLO = `import Fastify from "fastify";
const app = Fastify();
app.get("/hello", async () => ({ hello: "world" }));
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });`;

/** The same hello logging at info (Fastify's request lines) to its file: the earlier baseline. */
const HELLO = `import Fastify from "fastify";
const app = Fastify({ logger: { level: "info" } });
app.get("/hello", async () => ({ hello: "world" }));
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });`;

/** CPU time (user + system) a process has used so far, in µs, from /proc (clock ticks of 10 ms). */
function cpuMicros(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/**
 * One load, with the server's CPU per answer: steadier than requests per second on a machine
 * others share, since it does not count the time the server waited for a core.
 */
async function measured(server: ChildProcess, url: string, cookie?: string) {
  const before = cpuMicros(server.pid!);
  const result = await load(url, cookie);
  return { ...result, cpuUs: (cpuMicros(server.pid!) - before) / Math.max(1, result.total) };
}

function load(
  url: string,
  cookie?: string,
): Promise<{ rps: number; total: number; p99: number; non2xx: number; errors: number; bytes: number }> {
  const args = [AUTOCANNON, "-c", String(CONNECTIONS), "-d", String(SECONDS), "-j"];
  if (cookie) args.push("-H", `cookie=${cookie}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 10 * 1024 * 1024 }, (error, stdout) => {
      if (error) return reject(error);
      const r = JSON.parse(stdout) as {
        requests: { average: number; total: number };
        throughput: { average: number };
        latency: { p99: number };
        non2xx: number;
        errors: number;
      };
      resolve({
        rps: Math.round(r.requests.average),
        total: r.requests.total,
        p99: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors,
        // Bytes per answer, headers included: shows what each side sends.
        bytes: Math.round(r.throughput.average / r.requests.average),
      });
    });
  });
}

/** Starts a server process whose logs go to a file (as a production log collector would take them). */
async function serve(args: string[], env: Record<string, string>, logFile: string): Promise<ChildProcess> {
  const log = fs.openSync(logFile, "w");
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? REPO_ROOT, ...env },
    stdio: ["ignore", log, log],
  });
  fs.closeSync(log);
  const url = `http://127.0.0.1:${env.PORT}`;
  for (let tries = 0; tries < 300; tries += 1) {
    if (child.exitCode !== null) throw new Error(`server exited: ${fs.readFileSync(logFile, "utf8").slice(-2000)}`);
    const up = await fetch(`${url}/hello`).then(
      (response) => response.status < 500,
      () => false,
    );
    if (up) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("server did not start");
}

async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

async function main() {
  const database = await withDatabase(ENGINE, "bench-session");
  const logs = fs.mkdtempSync(path.join(database.env.DATA_DIR ?? "/tmp", "logs-"));
  const children: ChildProcess[] = [];
  try {
    const config = loadConfig({ NODE_ENV: "test", SEED_DEMO: "true", LOG_LEVEL: "silent", ...database.env });
    const { ctx, handle } = await bootstrap(config, () => {});
    const year = await ctx.db
      .selectFrom("school_years")
      .select("id")
      .where("is_current", "=", 1)
      .executeTakeFirstOrThrow();
    await insertUser(ctx.db, {
      email: "family@bench.local",
      passwordHash: await ctx.hasher.hash(PASSWORD),
      firstSurname: "Bench",
      secondSurname: "",
      names: "Family",
      phone: "+593 99 000 0000",
      language: "es",
      role: "User",
      activated: true,
    });
    ctx.mailer.close();
    await handle.close();

    const barePort = String(await freePort());
    const bareServer = await serve(
      ["--input-type=module", "-e", BARE_HELLO],
      { PORT: barePort },
      path.join(logs, "bare-hello.log"),
    );
    children.push(bareServer);
    const helloPort = String(await freePort());
    const helloServer = await serve(
      ["--input-type=module", "-e", HELLO],
      { PORT: helloPort },
      path.join(logs, "hello.log"),
    );
    children.push(helloServer);
    const portalPort = String(await freePort());
    buildServer();
    const portal = await serve(
      [
        ...(process.env.BENCH_CPU_PROF ? [`--cpu-prof`, `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
        ...SERVER_ARGS,
      ],
      {
        ...database.env,
        NODE_ENV: "production",
        PUBLIC_URL: "https://portal.bench.test",
        CAPTCHA_HMAC_KEY: "b".repeat(40),
        DATA_ENCRYPTION_KEY: "d".repeat(64),
        HOST: "127.0.0.1",
        PORT: portalPort,
        LOG_LEVEL: "info",
        ...(process.env.REQUEST_LOG ? { REQUEST_LOG: process.env.REQUEST_LOG } : {}),
      },
      path.join(logs, "portal.log"),
    );
    children.push(portal);
    const base = `http://127.0.0.1:${portalPort}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://portal.bench.test" },
      body: JSON.stringify({ schoolYearId: year.id, email: "family@bench.local", password: PASSWORD }),
    });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    if (!login.ok || !cookie) throw new Error(`login failed: ${login.status} ${await login.text()}`);

    // Warm both up (JIT, caches), then load each alone, in turn.
    await load(`http://127.0.0.1:${barePort}/hello`);
    await load(`http://127.0.0.1:${helloPort}/hello`);
    await load(`${base}/api/session`, cookie);
    const bares: Awaited<ReturnType<typeof measured>>[] = [];
    const hellos: Awaited<ReturnType<typeof measured>>[] = [];
    const sessions: Awaited<ReturnType<typeof measured>>[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      bares.push(await measured(bareServer, `http://127.0.0.1:${barePort}/hello`));
      hellos.push(await measured(helloServer, `http://127.0.0.1:${helloPort}/hello`));
      sessions.push(await measured(portal, `${base}/api/session`, cookie));
    }
    const bare = medianRun(bares, (run) => run.rps);
    const hello = medianRun(hellos, (run) => run.rps);
    const session = medianRun(sessions, (run) => run.rps);
    // The figure is a signed-in check's: a session lost during the load would measure a visitor's.
    const after = (await (await fetch(`${base}/api/session`, { headers: { cookie } })).json()) as { user: unknown };
    if (!after.user) throw new Error("the bench's session was signed out during the load");
    const ratio = session.rps / bare.rps;
    const loggedRatio = session.rps / hello.rps;
    const spread = (runs: { rps: number }[]) => runs.map((run) => run.rps).join(" / ");
    const cpu = (runs: { cpuUs: number }[]) =>
      `server CPU ${runs.map((run) => run.cpuUs.toFixed(0)).join(" / ")} µs an answer`;
    const non2xx = sessions.reduce((total, run) => total + run.non2xx, 0);
    const errors = sessions.reduce((total, run) => total + run.errors, 0);
    console.log(
      `${ENGINE}: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s each, logs at info to a file ` +
        `(the portal's request log: ${process.env.REQUEST_LOG ?? "summary"})`,
    );
    console.log(
      `  bare hello:        median ${bare.rps} req/s (${spread(bares)}), p99 ${bare.p99} ms, ${bare.bytes} bytes an answer, no logging, ${cpu(bares)}`,
    );
    console.log(
      `  logging hello:     median ${hello.rps} req/s (${spread(hellos)}), p99 ${hello.p99} ms, Fastify's request lines at info, ${cpu(hellos)}`,
    );
    console.log(
      `  GET /api/session:  median ${session.rps} req/s (${spread(sessions)}), p99 ${session.p99} ms, ` +
        `${session.bytes} bytes an answer (${non2xx} not 2xx, ${errors} errors), ${cpu(sessions)}`,
    );
    console.log(
      `  session / bare hello:    ${(ratio * 100).toFixed(0)} %   goal ≥ ${GOAL * 100} %   ${ratio >= GOAL ? "ok" : "UNDER GOAL"}`,
    );
    console.log(`  session / logging hello: ${(loggedRatio * 100).toFixed(0)} %   (the earlier baseline)`);
  } finally {
    for (const child of children) await stop(child);
    await database.drop();
  }
}

await main();
