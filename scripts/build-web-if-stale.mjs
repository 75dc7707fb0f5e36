// `npm start` builds the SPA, but only when a source is newer than the last build: a restart
// should not cost a rebuild.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// The server bundle (the public pages it draws) is written last by the web build.
const built = path.join(root, "apps/web/dist/.ssr/render-page.js");
const sources = [
  "apps/web/src",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "packages/shared/src",
  "packages/i18n",
];

function newest(target) {
  const full = path.join(root, target);
  const stat = fs.statSync(full, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(full).map((name) => newest(path.join(target, name))));
}

const builtAt = fs.statSync(built, { throwIfNoEntry: false })?.mtimeMs ?? 0;
if (builtAt && Math.max(...sources.map(newest)) <= builtAt) {
  console.log("Web app is up to date.");
} else {
  // Quiet on success: the newcomer's screen should end with the server's banner (address, demo
  // accounts), not with Vite's list of several hundred chunks. On failure the whole output is shown.
  process.stdout.write("Building the web app… ");
  const started = Date.now();
  const result = spawnSync("npm", ["run", "--silent", "build"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.status === 0) {
    console.log(`done in ${Math.round((Date.now() - started) / 1000)} s.`);
  } else {
    console.log("failed:");
    process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}${result.error ? `${result.error}\n` : ""}`);
    process.exit(result.status ?? 1);
  }
}
