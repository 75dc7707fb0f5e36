import pg from "pg";
import { createOwnDatabase, type OwnDatabase } from "./own-database.ts";
import { freePort, type ServerProcess, startServerProcess, waitUntil } from "./server-process.ts";
import { totpCode } from "./totp.ts";

export const DEMO_PASSWORD = "demo-portal-2025";

export interface Node {
  server: ServerProcess;
  base: string;
  /** The database the node serves (the demo staff's MFA keys are per database). */
  databaseUrl: string;
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
      // The specs sign the demo Admin in several times a minute (a person waits for the next code).
      MFA_ALLOW_CODE_REUSE: "true",
      HOST: "127.0.0.1",
      PORT: String(port),
    });
    const node = { server, base: `http://127.0.0.1:${port}`, databaseUrl: own.databaseUrl ?? own.dataDir };
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

/** The MFA keys the demo staff set up at their first sign-in here, per database and e-mail. */
const enrolledKeys = new Map<string, string>();

async function post(node: Node, url: string, body: unknown, cookie?: string) {
  const response = await fetch(`${node.base}${url}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  const line = response.headers.getSetCookie().find((entry) => entry.startsWith("portal_sid="));
  return { json: (await response.json()) as Record<string, unknown>, cookie: line?.split(";")[0] ?? cookie ?? "" };
}

/**
 * Signs in through `node`; the cookie works on every process. Demo staff pass MFA for real: at
 * their first sign-in they set it up with the key they are shown (kept for their next sign-ins).
 */
export async function signIn(node: Node, email: string, schoolYearId: number, password = DEMO_PASSWORD) {
  const login = await post(node, "/api/auth/login", { schoolYearId, email, password });
  if (!login.cookie) throw new Error(`login ${email}: no session cookie`);
  const key = `${node.databaseUrl}|${email}`;
  if (login.json.mfa === "enrol") {
    const setup = await post(node, "/api/auth/mfa/setup", {}, login.cookie);
    enrolledKeys.set(key, String(setup.json.secret));
    return (await post(node, "/api/auth/mfa/confirm", { code: totpCode(enrolledKeys.get(key)) }, login.cookie)).cookie;
  }
  if (login.json.mfa === "verify") {
    const secret = enrolledKeys.get(key);
    if (!secret) throw new Error(`login ${email}: MFA set up outside this helper`);
    return (await post(node, "/api/auth/mfa/verify", { code: totpCode(secret) }, login.cookie)).cookie;
  }
  return login.cookie;
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
