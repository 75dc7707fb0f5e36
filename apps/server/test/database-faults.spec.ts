import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import pg from "pg";
import { afterEach, describe, expect, inject, it, vi } from "vitest";
import { openDatabase } from "../src/db/database.ts";
import { isDatabaseUnavailable } from "../src/db/unavailable.ts";
import { fillDisk, smallDisk } from "./support/full-disk.ts";
import { createOwnDatabase } from "./support/own-database.ts";
import { freePort, type ServerProcess, startServerProcess, waitUntil } from "./support/server-process.ts";
import { startTcpProxy } from "./support/tcp-proxy.ts";
import { call, createTestApp, createUser, currentSchoolYearId, errorOf } from "./support/test-app.ts";

/*
 * The database failing under a running server: a cut connection never ends the
 * process, requests caught by it answer 503 DATABASE_UNAVAILABLE, the pool reconnects, and
 * /api/health says 503 while the database is unreachable. Timings are measured by
 * `npm run check:db-cuts`, not asserted here.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function spawnServer(env: Record<string, string>): Promise<{ server: ServerProcess; base: string }> {
  const port = await freePort();
  const server = startServerProcess({ ...env, NODE_ENV: "development", HOST: "127.0.0.1", PORT: String(port) });
  cleanups.push(async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
    await server.exited;
  });
  const base = `http://127.0.0.1:${port}`;
  await waitUntil(server, "the server's health", async () => {
    const response = await fetch(`${base}/api/health`).catch(() => undefined);
    return response?.status === 200 ? true : undefined;
  });
  return { server, base };
}

async function get(url: string): Promise<{ status: number; body: { error?: { code: string; message: string } } }> {
  const response = await fetch(url, { headers: { "accept-language": "en" } });
  return { status: response.status, body: (await response.json()) as { error?: { code: string; message: string } } };
}

describe.runIf(inject("engine") === "postgres")("PostgreSQL connections cut under a running server", () => {
  it("answers 503 DATABASE_UNAVAILABLE to the request caught by pg_terminate_backend, stays up and serves again", async () => {
    const own = await createOwnDatabase("db-cuts");
    cleanups.push(() => own.drop());
    const { server, base } = await spawnServer(own.env);
    const databaseName = new URL(own.databaseUrl as string).pathname.slice(1);

    for (let cut = 1; cut <= 3; cut++) {
      // A request held inside a query (waiting on a lock) while its connection is terminated.
      const locker = new pg.Client({ connectionString: own.databaseUrl });
      await locker.connect();
      await locker.query("begin");
      await locker.query("lock table school_years in access exclusive mode");
      const caught = get(`${base}/api/school-years`);
      await waitUntil(server, "the request waiting on the lock", async () => {
        const { rows } = await locker.query(
          "select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'",
          [databaseName],
        );
        return rows[0].n > 0 ? true : undefined;
      });
      const { rows } = await locker.query(
        "select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()) t",
        [databaseName],
      );
      expect(rows[0].n).toBeGreaterThan(0);
      const answer = await caught;
      expect(answer.status, JSON.stringify(answer.body)).toBe(503);
      expect(answer.body.error?.code).toBe("DATABASE_UNAVAILABLE");
      expect(answer.body.error?.message).toBe("The database is not available right now. Try again in a few seconds.");
      await locker.query("rollback");
      await locker.end();

      // The pool opens new connections by itself; parameterized statements are prepared again on them.
      const again = await waitUntil(server, `the portal serving again after cut ${cut}`, async () => {
        const response = await get(`${base}/api/school-years`);
        return response.status === 200 ? response.body : undefined;
      });
      expect(Array.isArray(again)).toBe(true);
      expect(server.child.exitCode).toBeNull();
    }
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ schoolYearId: 1, email: "nobody@test.local", password: "not the password" }),
    });
    expect([400, 401]).toContain(login.status);
    expect(server.child.exitCode).toBeNull();
    expect(server.stderr()).not.toContain("Unhandled");
  }, 90_000);

  it("keeps a connection cut while checked out between two queries from ending the process", async () => {
    const own = await createOwnDatabase("db-held");
    cleanups.push(() => own.drop());
    const handle = openDatabase({ databaseUrl: own.databaseUrl, dataDir: own.dataDir });
    cleanups.push(() => handle.close());
    const admin = new pg.Client({ connectionString: own.databaseUrl });
    await admin.connect();
    cleanups.push(() => admin.end());

    // pg's pool listens for a client's 'error' only while it is idle: a checked-out client cut
    // between two queries (a transaction awaiting other work) emitted it unheard, ending the process.
    const failure = await handle.db.connection().execute(async (conn) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(conn);
      const pid = rows[0]?.pid;
      await admin.query("select pg_terminate_backend($1)", [pid]);
      await vi.waitFor(async () => {
        const { rows: left } = await admin.query("select 1 from pg_stat_activity where pid = $1", [pid]);
        expect(left).toEqual([]);
      });
      return sql`select ${1}::int as one`.execute(conn).then(
        () => undefined,
        (error: unknown) => error,
      );
    });
    expect(isDatabaseUnavailable(failure)).toBe(true);
    // The pool dropped the broken client; the next query (parameterized: a named statement, prepared
    // again on the new connection) runs on a fresh one.
    const { rows } = await sql<{ one: number }>`select ${1}::int as one`.execute(handle.db);
    expect(rows).toEqual([{ one: 1 }]);
  });

  it("drops a connection whose query in flight is ended by the server, so the next request gets a fresh one", async () => {
    const own = await createOwnDatabase("db-in-flight");
    cleanups.push(() => own.drop());
    const handle = openDatabase({ databaseUrl: own.databaseUrl, dataDir: own.dataDir, databasePoolMax: 1 });
    cleanups.push(() => handle.close());
    const admin = new pg.Client({ connectionString: own.databaseUrl });
    await admin.connect();
    cleanups.push(() => admin.end());

    // The server's FATAL message reaches the running query before the socket closes: the client
    // still looked queryable, went back to the pool and failed the next request as well.
    const { rows: pids } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
    const pid = pids[0]?.pid;
    const sleeping = sql`select pg_sleep(${30})`.execute(handle.db).then(
      () => undefined,
      (error: unknown) => error,
    );
    await vi.waitFor(async () => {
      const { rows } = await admin.query("select 1 from pg_stat_activity where pid = $1 and state = 'active'", [pid]);
      expect(rows).toHaveLength(1);
    });
    await admin.query("select pg_terminate_backend($1)", [pid]);
    expect(isDatabaseUnavailable(await sleeping)).toBe(true);
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
    expect(rows[0]?.pid).not.toBe(pid);
  });

  it("answers /api/health 503 while the database is unreachable, and 200 once it is back", async () => {
    const own = await createOwnDatabase("db-down");
    cleanups.push(() => own.drop());
    const proxy = await startTcpProxy({ host: "127.0.0.1", port: 5432 });
    cleanups.push(() => proxy.close());
    const viaProxy = new URL(own.databaseUrl as string);
    viaProxy.port = String(proxy.port);
    const { server, base } = await spawnServer({ ...own.env, DATABASE_URL: viaProxy.toString() });

    await proxy.down();
    const health = await get(`${base}/api/health`);
    expect(health).toEqual({ status: 503, body: { status: "unavailable", reason: "database" } });
    const request = await get(`${base}/api/school-years`);
    expect(request.status).toBe(503);
    expect(request.body.error?.code).toBe("DATABASE_UNAVAILABLE");

    await proxy.up();
    const back = await waitUntil(server, "health once the database is back", async () => {
      const response = await get(`${base}/api/health`);
      return response.status === 200 ? response.body : undefined;
    });
    expect(back).toEqual({ status: "ok" });
    expect((await get(`${base}/api/school-years`)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  }, 90_000);
});

describe.runIf(inject("engine") === "sqlite")("SQLite on a full disk", () => {
  it("answers 503 DATABASE_UNAVAILABLE (SQLITE_FULL or SQLITE_IOERR), then serves once there is room", async (context) => {
    const dataDir = smallDisk("portal-sqlite-full", cleanups);
    if (!dataDir) return context.skip("mounting a tmpfs is not allowed here");
    const t = await createTestApp({ DATA_DIR: dataDir });
    cleanups.push(() => t.close());
    const user = await createUser(t);
    const schoolYearId = await currentSchoolYearId(t);
    const login = () =>
      call(t, {
        method: "POST",
        url: "/api/auth/login",
        payload: { schoolYearId, email: user.email, password: user.password },
      });
    // The login's writes must grow a file on the full disk.
    const filler = await fillDisk(t.ctx.db, dataDir);

    const refused = await login();
    expect(refused.statusCode, refused.body).toBe(503);
    expect(errorOf(refused).code).toBe("DATABASE_UNAVAILABLE");
    fs.rmSync(filler);
    expect((await login()).statusCode).toBe(200);
  }, 30_000);
});

describe.runIf(inject("engine") === "sqlite")("SQLite locked past its busy timeout", () => {
  it("answers 503 DATABASE_UNAVAILABLE (SQLITE_BUSY), then serves once the lock is gone", async () => {
    const own = await createOwnDatabase("sqlite-busy");
    cleanups.push(() => own.drop());
    const t = await createTestApp(own.env);
    cleanups.push(() => t.close());
    const user = await createUser(t);
    const schoolYearId = await currentSchoolYearId(t);
    const login = () =>
      call(t, {
        method: "POST",
        url: "/api/auth/login",
        headers: { "accept-language": "fr" },
        payload: { schoolYearId, email: user.email, password: user.password },
      });

    // Another connection holds the write lock longer than busy_timeout (5 s): the login's session insert gives up.
    const other = new SQLite(path.join(own.dataDir, "portal.sqlite"));
    other.exec("begin immediate");
    const refused = await login();
    other.exec("rollback");
    other.close();
    expect(refused.statusCode, refused.body).toBe(503);
    expect(errorOf(refused)).toEqual({
      code: "DATABASE_UNAVAILABLE",
      message: "La base de données n'est pas disponible pour le moment. Réessayez dans quelques secondes.",
    });
    expect((await login()).statusCode).toBe(200);
  }, 30_000);
});
