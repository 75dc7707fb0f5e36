// Starts the real portal for the end-to-end tests: a fresh SQLite database with the demo school
// in E2E_DATA_DIR, e-mails written to its outbox (the tests read activation links there).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) throw new Error("E2E_DATA_DIR is not set");
fs.rmSync(dataDir, { recursive: true, force: true });
// TRUST_PROXY=loopback: the specs' API calls that stand for many families (e2e/support/accounts.ts)
// name their own client address, as a reverse proxy would; the browser's requests name none.
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  SEED_DEMO: "true",
  NODE_ENV: "development",
  LOG_LEVEL: "warn",
  TRUST_PROXY: "loopback",
  // The specs sign the same demo staff in from two workers many times a minute with the code of
  // the moment; a person would wait for the next code (docs/security.md, MFA). Never in production.
  MFA_ALLOW_CODE_REUSE: "true",
  // Each request's time on the server, for the pacing check (e2e/global-settings/pacing.spec.ts).
  REQUEST_TIMES_FILE: path.join(dataDir, "request-times.jsonl"),
};
const tsx = path.join(root, "node_modules/.bin/tsx");
// The demo school, with the MFA keys the sign-in helper knows, before the server starts.
const seeded = spawnSync(tsx, ["scripts/e2e-seed.ts"], { cwd: root, stdio: "inherit", env });
if (seeded.status !== 0) process.exit(seeded.status ?? 1);
// The compiled server, as `npm start` runs it (compiled here too: under a second, never stale).
const built = spawnSync(process.execPath, ["apps/server/build.mjs"], { cwd: root, stdio: "inherit" });
if (built.status !== 0) process.exit(built.status ?? 1);
const child = spawn(process.execPath, ["--enable-source-maps", "apps/server/dist/server.mjs"], {
  cwd: root,
  stdio: "inherit",
  env,
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill("SIGTERM"));
child.on("exit", (code) => process.exit(code ?? 0));
