// Starts the real portal for the end-to-end tests: a fresh SQLite database with the demo school
// in E2E_DATA_DIR, e-mails written to its outbox (the tests read activation links there).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) throw new Error("E2E_DATA_DIR is not set");
fs.rmSync(dataDir, { recursive: true, force: true });
const child = spawn(path.join(root, "node_modules/.bin/tsx"), ["apps/server/src/server.ts"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO: "true", NODE_ENV: "development", LOG_LEVEL: "warn" },
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill("SIGTERM"));
child.on("exit", (code) => process.exit(code ?? 0));
