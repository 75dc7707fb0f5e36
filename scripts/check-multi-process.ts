import pg from "pg";
import { freePort, startServerProcess, waitUntil } from "../apps/server/test/support/server-process.ts";
import { withDatabase } from "./bench-database.ts";
import { fetchPost, signIn as staffSignIn } from "./staff-sign-in.ts";

/**
 * `npm run check:multi-process`: two server processes on one new PostgreSQL database. Prints how
 * long after process A answered a logout process B refuses the session (B cached it first), and
 * how long after A answered an internal-review flag B's staff list shows it, over TRIES tries.
 * The requirement is 1 s; the session cache alone would allow 5 s (docs/adr/0004-session-cache-across-processes.md).
 */
const TRIES = Number(process.env.TRIES ?? 20);
const PASSWORD = "demo-portal-2025";

const database = await withDatabase("postgres", "multi-process");
const servers: ReturnType<typeof startServerProcess>[] = [];

async function start(): Promise<string> {
  const port = await freePort();
  const env = { ...database.env, NODE_ENV: "development", SEED_DEMO: "true", HOST: "127.0.0.1", PORT: String(port) };
  const server = startServerProcess({ ...env, LOG_LEVEL: "warn" });
  servers.push(server);
  await waitUntil(server, "ready", () => (server.stdout().includes("ready on") ? true : undefined));
  return `http://127.0.0.1:${port}`;
}

async function call(base: string, cookie: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: body === undefined ? { cookie } : { cookie, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function signIn(base: string, email: string, schoolYearId: number): Promise<string> {
  // Demo staff set MFA up at their first sign-in; the key is kept for the next ones.
  return staffSignIn(fetchPost(base), { schoolYearId, email, password: PASSWORD }, database.env.DATABASE_URL);
}

/** How many tries saw the change at their first question (the figure is then that answer's own time). */
const firstAnswer: Record<string, number> = {};

/** Milliseconds from `since` until `check` holds, asking as fast as answers come. */
async function seenAfter(label: string, since: number, check: () => Promise<boolean>): Promise<number> {
  for (let asked = 0; ; asked++) {
    if (await check()) {
      if (asked === 0) firstAnswer[label] = (firstAnswer[label] ?? 0) + 1;
      return Date.now() - since;
    }
    if (Date.now() - since > 10_000) throw new Error("not seen within 10 s");
  }
}

function summary(label: string, figures: number[]): void {
  const sorted = [...figures].sort((x, y) => x - y);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  console.log(
    `${label} after N ms over ${sorted.length} tries: min ${sorted[0]}, p50 ${at(0.5)}, max ${at(1)} ` +
      `(seen by the first request in ${firstAnswer[label] ?? 0} of ${sorted.length})`,
  );
}

try {
  const a = await start();
  const b = await start();
  const sql = new pg.Client({ connectionString: database.env.DATABASE_URL });
  await sql.connect();
  const { rows } = await sql.query("select id, version, school_year_id from requests order by id limit 1");
  await sql.end();
  const request = rows[0];

  const logouts: number[] = [];
  for (let i = 0; i < TRIES; i++) {
    const cookie = await signIn(a, "secretaria@demo.local", request.school_year_id);
    // Twice on B: the second answer comes from B's session cache.
    for (let n = 0; n < 2; n++) if ((await call(b, cookie, "GET", "/api/account")).status !== 200) throw new Error("B");
    await call(a, cookie, "POST", "/api/auth/logout");
    const since = Date.now();
    logouts.push(
      await seenAfter(
        "logout seen by the other process",
        since,
        async () => (await call(b, cookie, "GET", "/api/account")).status === 401,
      ),
    );
  }

  const lists: number[] = [];
  const staff = await signIn(a, "admin@demo.local", request.school_year_id);
  const flagged = async (base: string) => (await call(base, staff, "GET", "/api/requests?internalReview=1")).body.total;
  let version = request.version;
  for (let i = 0; i < TRIES; i++) {
    const flag = i % 2 === 0;
    await flagged(b);
    await flagged(b);
    const body = flag
      ? { flagged: true, note: "Check", expectedVersion: version }
      : { flagged: false, expectedVersion: version };
    const answer = await call(a, staff, "PUT", `/api/requests/${request.id}/internal-review`, body);
    if (answer.status !== 200) throw new Error(`internal review: ${answer.status}`);
    version = answer.body.version;
    const since = Date.now();
    lists.push(
      await seenAfter(
        "list change seen by the other process",
        since,
        async () => (await flagged(b)) === (flag ? 1 : 0),
      ),
    );
  }

  summary("logout seen by the other process", logouts);
  summary("list change seen by the other process", lists);
} finally {
  for (const server of servers) {
    server.child.kill("SIGTERM");
    await server.exited;
  }
  await database.drop();
}
