import pg from "pg";
import { createOwnDatabase, type OwnDatabase } from "./own-database.ts";
import { freePort, type ServerProcess, startServerProcess, waitUntil } from "./server-process.ts";

export const DEMO_PASSWORD = "demo-portal-2025";

export interface Node {
  server: ServerProcess;
  base: string;
}

/**
 * Two server processes on one fresh PostgreSQL database, as behind a load balancer: A starts
 * first (it migrates and seeds the demo school), then B. `sql` runs statements on the database.
 */
export async function startTwoProcesses(label: string) {
  const own: OwnDatabase = await createOwnDatabase(label);
  const nodes: Node[] = [];
  const start = async () => {
    const port = await freePort();
    const server = startServerProcess({
      ...own.env,
      NODE_ENV: "development",
      SEED_DEMO: "true",
      HOST: "127.0.0.1",
      PORT: String(port),
    });
    const node = { server, base: `http://127.0.0.1:${port}` };
    nodes.push(node);
    await waitUntil(server, "ready", () => (server.stdout().includes("ready on") ? true : undefined));
    return node;
  };
  const close = async () => {
    for (const { server } of nodes) {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
      await server.exited;
    }
    await own.drop();
  };
  try {
    const a = await start();
    const b = await start();
    return { a, b, own, close, sql: (text: string, values: unknown[] = []) => query(own, text, values) };
  } catch (error) {
    await close();
    throw error;
  }
}

async function query(own: OwnDatabase, text: string, values: unknown[]) {
  const client = new pg.Client({ connectionString: own.databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Signs in through `node`; the cookie works on every process. */
export async function signIn(node: Node, email: string, schoolYearId: number, password = DEMO_PASSWORD) {
  const response = await fetch(`${node.base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ schoolYearId, email, password }),
  });
  if (response.status !== 200) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith("portal_sid="));
  if (!cookie) throw new Error(`login ${email}: no session cookie`);
  return cookie.split(";")[0] ?? "";
}

export async function call(node: Node, cookie: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${node.base}${url}`, {
    method,
    headers: body === undefined ? { cookie } : { cookie, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/**
 * Polls `check` until it holds; the time from `since` (usually the answer that made the change)
 * to the first success must stay within `withinMs`, the requirement, else it fails with the last value.
 */
export async function seenWithin<T>(
  withinMs: number,
  since: number,
  read: () => Promise<T>,
  check: (value: T) => boolean,
) {
  for (;;) {
    const value = await read();
    if (check(value)) return Date.now() - since;
    if (Date.now() - since > withinMs) throw new Error(`not seen within ${withinMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
