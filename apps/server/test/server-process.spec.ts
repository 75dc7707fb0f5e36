import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, inject, it } from "vitest";
import { createOwnDatabase } from "./support/own-database.ts";
import { freePort, type ServerProcess, startServerProcess, waitUntil } from "./support/server-process.ts";

const DEMO_EMAILS = [
  "admin@demo.local",
  "secretaria@demo.local",
  "consulta@demo.local",
  "editor@demo.local",
  "prueba@demo.local",
  "familia1@demo.local",
  "familia2@demo.local",
  "familia3@demo.local",
];
const DEMO_PASSWORD = "demo-portal-2025";

const started: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const server of started.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
    await server.exited;
  }
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function start(env: Record<string, string>): ServerProcess {
  const server = startServerProcess(env);
  started.push(server);
  return server;
}

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-process-"));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A POST whose body is held back until `finish` is called: the request is in flight meanwhile. */
function heldPost(port: number, url: string, body: string) {
  let finish = () => {};
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path: url,
        method: "POST",
        agent: false,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => {
          text += chunk.toString("utf8");
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    request.on("error", reject);
    request.write(body.slice(0, 5));
    finish = () => request.end(body.slice(5));
  });
  return { response, finish: () => finish() };
}

describe("the server process", () => {
  it("starts with the demo school, serves logins and PDFs, and drains a request in flight on SIGTERM", async () => {
    // A database of its own on the run's engine: the demo school is seeded only into an empty one.
    const own = await createOwnDatabase("process");
    cleanups.push(() => own.drop());
    const port = await freePort();
    const server = start({
      ...own.env,
      NODE_ENV: "development",
      SEED_DEMO: "true",
      HOST: "127.0.0.1",
      PORT: String(port),
      // The "received" line of a request exists at debug level only (one line per request otherwise).
      LOG_LEVEL: "debug",
    });
    const base = `http://127.0.0.1:${port}`;

    const health = await waitUntil(server, "GET /api/health", async () => {
      const response = await fetch(`${base}/api/health`).catch(() => undefined);
      return response?.status === 200 ? response.json() : undefined;
    });
    expect(health).toEqual({ status: "ok" });
    await waitUntil(server, "the demo accounts", () =>
      server.stdout().includes("familia2@demo.local") ? true : undefined,
    );
    const out = server.stdout();
    expect(out).toContain(`http://localhost:${port}`);
    expect(out).toContain(`(database: ${inject("engine")})`);
    for (const email of DEMO_EMAILS) expect(out).toContain(email);
    expect(out).toContain(DEMO_PASSWORD);

    const years = (await (await fetch(`${base}/api/school-years`)).json()) as { id: number; isCurrent: boolean }[];
    expect(years[0]?.isCurrent).toBe(true);
    const credentials = JSON.stringify({
      schoolYearId: years[0]?.id,
      email: "admin@demo.local",
      password: DEMO_PASSWORD,
    });
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: credentials,
    });
    expect(login.status).toBe(200);
    // The demo Admin's password passes, then MFA is set up at this first sign-in.
    expect(await login.json()).toMatchObject({ user: null, mfa: "enrol" });

    // The compiled server (apps/server/build.mjs) finds what it reads beside its sources: the
    // default logo, and the PDF worker's own bundle, which draws the demo family's summary.
    const logo = await fetch(`${base}/branding/logo`);
    expect([logo.status, logo.headers.get("content-type")]).toEqual([200, "image/svg+xml"]);
    const pastYear = years.find((year) => !year.isCurrent)?.id;
    const family = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ schoolYearId: pastYear, email: "familia1@demo.local", password: DEMO_PASSWORD }),
    });
    expect(family.status).toBe(200);
    const cookie = family.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const cards = (await (await fetch(`${base}/api/enrollment/cards`, { headers: { cookie } })).json()) as {
      fileId: number | null;
      status: string;
    }[];
    const sent = cards.find((card) => card.status === "sent");
    const summary = await fetch(`${base}/api/enrollment/files/${sent?.fileId}/documents/summary`, {
      headers: { cookie },
    });
    expect(summary.status).toBe(200);
    expect(
      Buffer.from(await summary.arrayBuffer())
        .subarray(0, 5)
        .toString("latin1"),
    ).toBe("%PDF-");

    // Start a login, let the server see it (its log names the URL, the query's value redacted),
    // then stop the server before the body has arrived.
    const url = `/api/auth/login?probe=${randomUUID()}`;
    const inFlight = heldPost(port, url, credentials);
    const logged = "/api/auth/login?probe=[redacted]";
    await waitUntil(server, "the in-flight request", () => (server.stdout().includes(logged) ? true : undefined));
    server.child.kill("SIGTERM");
    await waitUntil(server, "the SIGTERM log line", () => (server.stdout().includes("SIGTERM") ? true : undefined));
    inFlight.finish();
    const answer = await inFlight.response;
    expect(answer.status, answer.body).toBe(200);
    // The password step's whole answer (the demo Admin sets MFA up next).
    expect(JSON.parse(answer.body)).toMatchObject({ user: null, mfa: "enrol" });
    expect(await server.exited).toEqual({ code: 0, signal: null });
  }, 90_000);

  const refusals: [string, Record<string, string>, string][] = [
    ["a PORT that is not a number", { PORT: "abc" }, "PORT"],
    ["a DATABASE_URL that is not PostgreSQL", { DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    ["production without CAPTCHA_HMAC_KEY", { NODE_ENV: "production", PUBLIC_URL: "https://p.ec" }, "CAPTCHA_HMAC_KEY"],
    ["production without PUBLIC_URL", { NODE_ENV: "production", CAPTCHA_HMAC_KEY: "k".repeat(40) }, "PUBLIC_URL"],
    [
      "production without DATA_ENCRYPTION_KEY",
      { NODE_ENV: "production", CAPTCHA_HMAC_KEY: "k".repeat(40), PUBLIC_URL: "https://p.ec" },
      "DATA_ENCRYPTION_KEY",
    ],
  ];
  for (const [what, env, variable] of refusals) {
    it(`refuses to start with ${what}, naming ${variable}`, async () => {
      const server = start({ NODE_ENV: "development", DATA_DIR: tempDataDir(), ...env });
      expect(await server.exited).toEqual({ code: 1, signal: null });
      expect(server.stderr()).toContain(variable);
      expect(server.stdout()).not.toContain("ready on");
    }, 60_000);
  }
});
