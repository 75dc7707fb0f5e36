import http from "node:http";
import net from "node:net";
import { withDatabase } from "./bench-database.ts";
import { type Outcome, startServer, tally, timedGet } from "./http-load.ts";

/*
 * The shutdown check: SIGTERM under load, 0 connection resets for requests already sent.
 * A real server process on a throwaway database (SQLite and PostgreSQL), CHECK_CONNECTIONS (50)
 * keep-alive clients plus CHECK_PIPELINES (5) connections that pipeline 4 requests at a time,
 * SIGTERM after CHECK_LOAD_SECONDS (3) of load; every request is classed by whether its bytes
 * reached the OS before the signal. BENCH_ENGINES=sqlite,postgres and CHECK_RUNS (1) adjust it;
 * CHECK_DEBUG=1 prints each pipelining connection's last batches (ms from the signal: answers).
 */

const ENGINES = (process.env.BENCH_ENGINES ?? "sqlite,postgres").split(",");
const CONNECTIONS = Number(process.env.CHECK_CONNECTIONS ?? 50);
const PIPELINES = Number(process.env.CHECK_PIPELINES ?? 5);
const LOAD_SECONDS = Number(process.env.CHECK_LOAD_SECONDS ?? 3);
const RUNS = Number(process.env.CHECK_RUNS ?? 1);
const PATH = "/api/school-years";
const BATCH = 4;

/** A connection that writes BATCH pipelined GETs, waits for their answers, and again; counts what was never answered. */
function pipelineLoop(port: number, isRunning: () => boolean) {
  const batches: { sentAt: number; answered: number }[] = [];
  let error: string | undefined;
  const done = new Promise<void>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let buffer = "";
    const sendBatch = () => {
      if (!isRunning()) return socket.end();
      const batch = { sentAt: Number.NaN, answered: 0 };
      batches.push(batch);
      const text = `GET ${PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`.repeat(BATCH);
      socket.write(text, () => {
        batch.sentAt = performance.now();
      });
    };
    socket.on("connect", sendBatch);
    socket.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("latin1");
      const current = batches[batches.length - 1];
      if (!current) return;
      // Count complete answers by their status lines; bodies are small JSON without that text.
      current.answered = (buffer.match(/HTTP\/1\.1 \d{3}/g) ?? []).length;
      if (current.answered >= BATCH && buffer.lastIndexOf("]") > buffer.lastIndexOf("HTTP/1.1")) {
        buffer = "";
        sendBatch();
      }
    });
    socket.on("error", (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.message;
    });
    socket.on("close", () => resolve());
  });
  return { batches, done, error: () => error };
}

async function run(engine: string, round: number): Promise<boolean> {
  const database = await withDatabase(engine, "shutdown");
  const { server, port } = await startServer(database.env);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const outcomes: Outcome[] = [];
  let running = true;
  const loops = Array.from({ length: CONNECTIONS }, async () => {
    while (running) {
      const outcome = await timedGet(agent, port, PATH);
      outcomes.push(outcome);
      // Refused or reset: this client would go to another server now.
      if (outcome.error) break;
    }
  });
  const pipelines = Array.from({ length: PIPELINES }, () => pipelineLoop(port, () => running));

  await new Promise((resolve) => setTimeout(resolve, LOAD_SECONDS * 1000));
  const signalAt = performance.now();
  server.child.kill("SIGTERM");
  const exit = await server.exited;
  const drainMs = performance.now() - signalAt;
  running = false;
  await Promise.all(loops);
  await Promise.all(pipelines.map((p) => p.done));
  agent.destroy();
  await database.drop();

  const before = outcomes.filter((o) => o.sentAt < signalAt);
  const after = outcomes.filter((o) => !(o.sentAt < signalAt));
  const resetsBefore = before.filter((o) => o.error !== undefined).length;
  let pipelinedBefore = 0;
  let unansweredBefore = 0;
  for (const p of pipelines) {
    for (const batch of p.batches) {
      if (!(batch.sentAt < signalAt)) continue;
      pipelinedBefore += BATCH;
      unansweredBefore += BATCH - Math.min(BATCH, batch.answered);
    }
  }
  if (process.env.CHECK_DEBUG) {
    for (const p of pipelines)
      console.log(
        p.error(),
        p.batches
          .map((b) => `${(b.sentAt - signalAt).toFixed(0)}:${b.answered}`)
          .slice(-3)
          .join(" "),
      );
  }
  const ok = resetsBefore === 0 && unansweredBefore === 0 && exit.code === 0;
  console.log(
    `${engine.padEnd(8)} run ${round}: sent before SIGTERM ${before.length} (${tally(before)}); ` +
      `pipelined before ${pipelinedBefore}, unanswered ${unansweredBefore}; ` +
      `after: ${after.length} (${tally(after)}); drain ${drainMs.toFixed(0)} ms, exit ${exit.code ?? exit.signal} ${ok ? "PASS" : "FAIL"}`,
  );
  return ok;
}

async function main(): Promise<void> {
  console.log(
    `SIGTERM after ${LOAD_SECONDS} s of GET ${PATH} from ${CONNECTIONS} keep-alive clients and ${PIPELINES} pipelining connections (${BATCH} at a time)`,
  );
  let ok = true;
  for (const engine of ENGINES) {
    for (let round = 1; round <= RUNS; round++) ok = (await run(engine, round)) && ok;
  }
  console.log(ok ? "PASS: no request sent before the signal was reset or left unanswered" : "FAIL");
  process.exitCode = ok ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
