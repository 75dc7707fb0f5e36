// Byte budget of the web build: the JS and CSS the login route needs and all the JS, gzipped, read
// from the Vite build manifest (apps/web/dist/.vite/manifest.json) after `npm run build`. Bytes, not
// timings: the same build gives the same figures, so this runs in the test pipeline (the e2e stage,
// right after its build).
//
// Two thresholds per figure: the goal, printed with the figure; and the budget, the ceiling enforced,
// so a change that makes the first screen heavier fails. Exits 1 over a budget; with --goals, also
// over a goal. Why each budget is what it is: docs/web.md "Bundle budget".
//
//   npm run build && npm run check:bundle [-- --goals]
//
// The login route = the entry chunk and its static imports, the login screen's chunk and its
// imports, and the first screen's catalogs (the largest of the three languages): what a visitor's
// browser downloads before it can use /login. Sizes are gzip level 9 of each file (as the build's
// .gz copies); the brotli copies the server prefers are smaller, printed beside them.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

const KB = 1000;
const GOALS = { login: 170 * KB, all: undefined };
const BUDGETS = { login: 200 * KB, all: 845 * KB, css: 13 * KB };
const strict = process.argv.includes("--goals");
const LOGIN_SCREEN = "src/features/auth/login-page.tsx";
const LANGUAGES = ["es", "en", "fr"];
const SERVER_ONLY = /packages\/i18n\/locales\/\w+\/(email|documents)\.json$/;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(root, "apps/web/dist");
const manifestFile = path.join(dist, ".vite/manifest.json");
if (!fs.existsSync(manifestFile)) {
  console.error(`check:bundle: ${path.relative(root, manifestFile)} is missing; run \`npm run build\` first.`);
  process.exit(2);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8"));

const sizes = new Map();
function sizeOf(file) {
  if (!sizes.has(file)) {
    const bytes = fs.readFileSync(path.join(dist, file));
    sizes.set(file, {
      raw: bytes.length,
      gzip: zlib.gzipSync(bytes, { level: 9 }).length,
      br: zlib.brotliCompressSync(bytes).length,
    });
  }
  return sizes.get(file);
}

/** A manifest entry's JS file with every file it imports statically, transitively (and their CSS). */
function closure(key, files = new Set(), css = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`check:bundle: no ${key} in the build manifest`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const sheet of chunk.css ?? []) css.add(sheet);
  for (const imported of chunk.imports ?? []) closure(imported, files, css);
  return files;
}

const total = (files) =>
  [...files].reduce(
    (sum, file) => {
      const size = sizeOf(file);
      return { raw: sum.raw + size.raw, gzip: sum.gzip + size.gzip, br: sum.br + size.br };
    },
    { raw: 0, gzip: 0, br: 0 },
  );
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const firstCatalogs = (language) => {
  const key = Object.keys(manifest).find((k) => manifest[k].name === `i18n-${language}-first`);
  if (!key) throw new Error(`check:bundle: no i18n-${language}-first chunk in the build manifest`);
  return key;
};

const loginByLanguage = LANGUAGES.map((language) => {
  const css = new Set();
  const files = closure(entry, new Set(), css);
  closure(LOGIN_SCREEN, files, css);
  closure(firstCatalogs(language), files, css);
  return { language, files, css, size: total(files) };
});
const login = loginByLanguage.reduce((a, b) => (b.size.gzip > a.size.gzip ? b : a));
const allJs = fs
  .readdirSync(path.join(dist, "assets"))
  .filter((name) => name.endsWith(".js"))
  .map((name) => `assets/${name}`);
const all = total(allJs);
const loginCss = total(login.css);

console.log(`Login route JS (${login.language}, the largest): ${login.files.size} files; CSS: ${login.css.size} files`);
for (const file of [...login.files, ...login.css].sort((a, b) => sizeOf(b).gzip - sizeOf(a).gzip)) {
  const size = sizeOf(file);
  console.log(`  ${file.padEnd(44)} ${kb(size.gzip).padStart(9)} gzip  ${kb(size.br).padStart(9)} br`);
}
const lines = [
  ["login route JS", login.size, BUDGETS.login, GOALS.login],
  ["all JS", all, BUDGETS.all, GOALS.all],
  ["login route CSS", loginCss, BUDGETS.css, undefined],
];
let over = false;
for (const [name, size, budget, goal] of lines) {
  const overBudget = budget !== undefined && size.gzip > budget;
  const overGoal = goal !== undefined && size.gzip > goal;
  if (overBudget || (strict && overGoal)) over = true;
  const limits = [goal && `goal ≤ ${kb(goal)}`, budget && `budget ≤ ${kb(budget)}`].filter(Boolean).join(", ");
  const verdict = overBudget ? "OVER BUDGET" : overGoal ? "within budget, goal not reached" : limits ? "ok" : "";
  console.log(
    `${name}: ${kb(size.gzip)} gzipped${limits ? ` (${limits})` : ""}, ${kb(size.br)} br, ${kb(size.raw)} raw${verdict ? ` — ${verdict}` : ""}`,
  );
}
// The login screen's chunks bring no sheet of their own (apps/web/src/app/login-sheets.ts): each
// would be one more request before the form shows.
const entryCss = new Set();
closure(entry, new Set(), entryCss);
const screenCss = [...login.css].filter((sheet) => !entryCss.has(sheet));
if (screenCss.length > 0) {
  console.log(
    `the login screen's own style sheets: ${screenCss.join(", ")} — NOT ALLOWED (add their Mantine sheets to src/app/login-sheets.ts)`,
  );
  over = true;
}
const shipped = Object.keys(manifest).filter((key) => SERVER_ONLY.test(key));
if (shipped.length > 0) {
  console.log(`server-only catalogs in the web build: ${shipped.join(", ")} — NOT ALLOWED`);
  over = true;
}
// A warning only react-router's development build keeps (its production build compiles its warnings
// out): vite.config.ts takes the production one, which the package's exports never name.
const DEV_ROUTER = "No routes matched location";
const devRouter = allJs.filter((file) => fs.readFileSync(path.join(dist, file), "utf8").includes(DEV_ROUTER));
if (devRouter.length > 0) {
  console.log(`react-router's development build in ${devRouter.join(", ")} — NOT ALLOWED (vite.config.ts)`);
  over = true;
}
// The browser runs React (react-dom), not a compat layer standing in for it.
const packagesFile = path.join(dist, ".vite/packages.json");
const packages = fs.existsSync(packagesFile) ? JSON.parse(fs.readFileSync(packagesFile, "utf8")) : [];
if (!packages.includes("react-dom")) {
  console.log("react-dom is not in the build — NOT ALLOWED (the browser runs React)");
  over = true;
}
const standIns = packages.filter((name) => /^(preact|@preact\/.*|inferno.*|nervjs)$/.test(name));
if (standIns.length > 0) {
  console.log(`${standIns.join(", ")} in the build — NOT ALLOWED (the browser runs react-dom, not a compat layer)`);
  over = true;
}
process.exit(over ? 1 : 0);
