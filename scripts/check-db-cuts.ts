import http from "node:http";
import pg from "pg";
import { withDatabase } from "./bench-database.ts";
import { type Outcome, percentile, startServer, tally, timedGet } from "./http-load.ts";

/*
 * The shutdown check: pg_terminate_backend on every portal connection every 3 s for a
 * minute; the process never exits and serves again within 5 s of each cut. A real server process
 * on a throwaway PostgreSQL database, under keep-alive load on loopback.
 * CHECK_SECONDS (60), CHECK_INTERVAL_MS (3000), CHECK_CONNECTIONS (16) adjust it.
 */

const SECONDS = Number(process.env.CHECK_SECONDS ?? 60);
const INTERVAL_MS = Number(process.env.CHECK_INTERVAL_MS ?? 3000);
const CONNECTIONS = Number(process.env.CHECK_CONNECTIONS ?? 16);
const RECOVERY_TARGET_MS = 5000;
const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function main(): Promise<void> {
  const database = await withDatabase("postgres", "db-cuts");
  const databaseName = new URL(database.env.DATABASE_URL as string).pathname.slice(1);
  const { server, port } = await startServer(database.env);
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const outcomes: Outcome[] = [];
  let running = true;
  const loops = Array.from({ length: CONNECTIONS }, async (_, i) => {
    for (let n = 0; running; n++) {
      // Reads that each take a pooled connection; every fourth one is the health check.
      const path = (n + i) % 4 === 0 ? "/api/health" : "/api/school-years";
      outcomes.push(await timedGet(agent, port, path));
    }
  });

  const cuts: { at: number; terminated: number }[] = [];
  const end = performance.now() + SECONDS * 1000;
  let next = performance.now() + INTERVAL_MS;
  while (next < end && server.child.exitCode === null) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
    const at = performance.now();
    const { rowCount } = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [databaseName],
    );
    cuts.push({ at, terminated: rowCount ?? 0 });
    next += INTERVAL_MS;
  }
  await new Promise((resolve) => setTimeout(resolve, Math.min(INTERVAL_MS, RECOVERY_TARGET_MS + 500)));
  running = false;
  await Promise.all(loops);
  agent.destroy();
  const alive = server.child.exitCode === null && server.child.signalCode === null;

  // Recovery: from a cut to the first 200 of a request sent after it.
  const recoveries = cuts.map((cut) => {
    const served = outcomes.filter((o) => o.status === 200 && o.sentAt >= cut.at).map((o) => o.endedAt);
    return served.length > 0 ? Math.min(...served) - cut.at : Number.POSITIVE_INFINITY;
  });
  const worst = Math.max(...recoveries);
  console.log(
    `\nPostgreSQL connections cut every ${INTERVAL_MS} ms for ${SECONDS} s, ${CONNECTIONS} keep-alive clients`,
  );
  console.log(`cuts: ${cuts.length}, backends terminated: ${cuts.reduce((sum, c) => sum + c.terminated, 0)}`);
  console.log(`requests: ${outcomes.length} (${tally(outcomes)})`);
  console.log(
    `serves again after a cut: p50 ${percentile(recoveries, 50).toFixed(1)} ms, max ${worst.toFixed(1)} ms (target ≤ ${RECOVERY_TARGET_MS} ms)`,
  );
  console.log(
    `process still running: ${alive ? "yes" : `NO (exit ${server.child.exitCode} ${server.child.signalCode})`}`,
  );
  const ok = alive && worst <= RECOVERY_TARGET_MS && cuts.length > 0;
  console.log(ok ? "PASS" : "FAIL");
  if (!alive) console.log(server.stderr().slice(-2000));

  server.child.kill("SIGTERM");
  await server.exited;
  await admin.end();
  await database.drop();
  process.exitCode = ok ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
