import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The built app's index.html and manifest, beside which the server bundle is built (dist/.ssr). */
const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  css?: string[];
  imports?: string[];
}

export interface PageParts {
  language: string;
  title: string;
  /** The drawn app, for the #root element. */
  body: string;
  /** The JSON the browser takes the page over with (lib/initial-data.ts), already escaped. */
  initialData: string;
  /** The screen's module as the build manifest names it. */
  screenFile: string;
}

const ROOT_START = "<!--app-->";
const ROOT_END = "<!--/app-->";

let template: { html: string; manifest: Record<string, ManifestChunk> } | undefined;

function built() {
  template ??= {
    html: fs.readFileSync(path.join(DIST, "index.html"), "utf8"),
    manifest: JSON.parse(fs.readFileSync(path.join(DIST, ".vite/manifest.json"), "utf8")),
  };
  return template;
}

const escapeText = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * What the page needs beyond the entry's chunks and sheets (which index.html already links): its
 * screen's chunks and sheets, and the language's first-screen catalogs.
 */
function pageAssets(manifest: Record<string, ManifestChunk>, screenFile: string, language: string) {
  const seen = new Set<string>();
  const js: string[] = [];
  const css: string[] = [];
  const walk = (name: string, linked: boolean) => {
    const chunk = manifest[name];
    if (!chunk || seen.has(name)) return;
    seen.add(name);
    if (linked) {
      js.push(chunk.file);
      css.push(...(chunk.css ?? []));
    }
    for (const imported of chunk.imports ?? []) walk(imported, linked);
  };
  const entry = Object.keys(manifest).find((name) => manifest[name]?.isEntry);
  if (entry) walk(entry, false);
  walk(screenFile, true);
  const catalogs = Object.keys(manifest).find((name) => manifest[name]?.name === `i18n-${language}-first`);
  if (catalogs) walk(catalogs, true);
  return { js, css };
}

/**
 * The whole HTML document of a drawn page: the built index.html with the page in #root (in place
 * of the boot spinner), its language, its title, its screen's style sheets (so the form is styled
 * before any script runs) and code preloaded, and its data for the browser.
 */
export function pageDocument(parts: PageParts): string {
  const { html, manifest } = built();
  const start = html.indexOf(ROOT_START);
  const end = html.indexOf(ROOT_END);
  if (start < 0 || end < start) throw new Error(`index.html has no ${ROOT_START}…${ROOT_END} in #root`);
  const assets = pageAssets(manifest, parts.screenFile, parts.language);
  const head = [
    ...assets.css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...assets.js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    `<script type="application/json" id="portal-initial-data">${parts.initialData}</script>`,
  ].join("\n    ");
  return `${html.slice(0, start)}${parts.body}${html.slice(end + ROOT_END.length)}`
    .replace(/<html lang="[^"]*"/, `<html lang="${escapeText(parts.language)}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(parts.title)}</title>`)
    .replace("</head>", `  ${head}\n  </head>`);
}
