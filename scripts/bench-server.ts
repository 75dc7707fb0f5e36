import type { Role } from "@portal/shared/roles";
import type { Db } from "../apps/server/src/db/database.ts";
import { insertUser } from "../apps/server/src/kernel/accounts.ts";
import {
  freePort,
  type ServerProcess,
  startServerProcess,
  waitUntil,
} from "../apps/server/test/support/server-process.ts";

// What the benchmarks that load the real server process share: starting it on a free port the way
// `npm start` does, and the accounts they sign in with.

function arenas(): Record<string, string> {
  const value = process.env.BENCH_MALLOC_ARENA_MAX ?? "2";
  return value === "" ? {} : { MALLOC_ARENA_MAX: value };
}

/** The portal as `npm start` runs it, on the benchmark's database, logging warnings only. */
export async function startBenchServer(env: Record<string, string>): Promise<{ server: ServerProcess; base: string }> {
  const port = await freePort();
  const server = startServerProcess({
    ...env,
    NODE_ENV: "development",
    SEED_DEMO: "false",
    HOST: "127.0.0.1",
    PORT: String(port),
    LOG_LEVEL: "warn",
    // As the README's deployment sets it (fewer glibc malloc arenas: a lower peak RSS);
    // BENCH_MALLOC_ARENA_MAX= (empty) measures glibc's default.
    ...arenas(),
  });
  await waitUntil(server, "ready", () => (server.stdout().includes("ready on") ? true : undefined));
  return { server, base: `http://127.0.0.1:${port}` };
}

/**
 * The built portal (apps/web/dist) served by the real server process with the demo school, for the
 * benchmarks of the first screen (bench:first-screen, bench:lighthouse). Not NODE_ENV=production:
 * that one needs an https PUBLIC_URL and refuses the demo data; the static files, their
 * compressed copies and the headers are the same.
 */
export async function startDemoServer(dataDir: string): Promise<{ server: ServerProcess; base: string }> {
  const port = await freePort();
  const server = startServerProcess({
    DATA_DIR: dataDir,
    NODE_ENV: "development",
    SEED_DEMO: "true",
    HOST: "127.0.0.1",
    PORT: String(port),
    LOG_LEVEL: "warn",
  });
  await waitUntil(server, "ready", () => (server.stdout().includes("ready on") ? true : undefined), 120_000);
  return { server, base: `http://127.0.0.1:${port}` };
}

export async function stopBenchServer(server: ServerProcess | null): Promise<void> {
  if (!server) return;
  server.child.kill("SIGTERM");
  await server.exited;
}

/** An activated account for a benchmark (a staff one sets MFA up at its first sign-in). */
export function insertBenchUser(
  db: Db,
  account: { email: string; passwordHash: string; role: Role; names: string; language?: string },
): Promise<number> {
  return insertUser(db, {
    email: account.email,
    passwordHash: account.passwordHash,
    firstSurname: "Bench",
    secondSurname: "",
    names: account.names,
    phone: "+593 99 000 0000",
    language: account.language ?? "es",
    role: account.role,
    activated: true,
  });
}

/** The two Secretarias of the benchmarks where one works while the other acts (they share a password). */
export async function insertBenchSecretaries(db: Db, passwordHash: string): Promise<void> {
  for (const [email, names] of [
    ["secretaria@bench.test", "Sofía"],
    ["secretaria2@bench.test", "Silvia"],
  ] as const) {
    await insertBenchUser(db, { email, passwordHash, role: "Secretaria", names });
  }
}

/** The current school year's id (the benchmarks sign in to it). */
export async function currentYearId(db: Db): Promise<number> {
  const year = await db.selectFrom("school_years").select("id").where("is_current", "=", 1).executeTakeFirstOrThrow();
  return year.id;
}
