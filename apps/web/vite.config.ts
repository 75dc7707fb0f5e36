import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { compression } from "vite-plugin-compression2";
import { FIRST_SCREEN_NAMESPACES } from "../../packages/i18n/src/namespaces.ts";
import { withSheets } from "./mantine-css.mjs";

// react-router 7's package exports only its development build (remix-run/react-router#12532,
// #14102): dev warnings and checks in production. The build takes its production build instead,
// which the package ships beside it; `npm run dev` keeps the development one.
const REACT_ROUTER_PRODUCTION = fileURLToPath(
  import.meta.resolve("react-router").replace(/\/development\/[^/]+$/, "/production/index.mjs"),
);

const FIRST_SCREEN = new Set<string>(FIRST_SCREEN_NAMESPACES);

/**
 * The build takes src/lib/mantine-use-id.ts for @mantine/hooks' `useId` (see that file: React's
 * id, no second render of each Mantine input as it mounts, the same ids on the server). The build fails if @mantine/hooks stops importing it
 * from where this expects, so an upgrade is looked at rather than silently losing the change;
 * `npm run dev` keeps Mantine's own.
 */
function mantineUseIdWithoutRerender(): Plugin {
  const replacement = fileURLToPath(new URL("./src/lib/mantine-use-id.ts", import.meta.url));
  let replaced = false;
  return {
    name: "portal:mantine-use-id",
    apply: "build",
    enforce: "pre",
    resolveId(source, importer) {
      if (source !== "./use-id/use-id.mjs" || !importer?.includes("/@mantine/hooks/esm/")) return null;
      replaced = true;
      return replacement;
    },
    buildEnd(error) {
      if (!error && !replaced)
        this.error("@mantine/hooks no longer imports ./use-id/use-id.mjs: see mantine-use-id.ts");
    },
  };
}

/**
 * Mantine's CSS per component (docs/adr/0007-css-per-component.md): each source file gets the
 * imports of the sheets its Mantine components need, in Mantine's order (mantine-css.mjs reads
 * which from @mantine/core's own build), so a screen's chunk carries its own CSS and nobody keeps
 * those imports by hand. Before the other plugins: they see the file with its sheets.
 */
function mantineSheets(): Plugin {
  const source = fileURLToPath(new URL("./src/", import.meta.url));
  return {
    name: "portal:mantine-sheets",
    enforce: "pre",
    transform(code, id) {
      if (!id.startsWith(source) || !/\.tsx?$/.test(id) || !code.includes("@mantine/")) return null;
      const withImports = withSheets(code);
      return withImports === undefined ? null : { code: withImports, map: null };
    },
  };
}

/**
 * dist/.vite/packages.json: the npm packages whose code the build holds, read by
 * scripts/check-bundle.mjs (it fails on a build without react-dom, or with preact standing in).
 */
function packagesList(): Plugin {
  return {
    name: "portal:packages-list",
    apply: "build",
    generateBundle(_options, bundle) {
      const packages = new Set<string>();
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        for (const id of Object.keys(output.modules)) {
          const name = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id)?.[1];
          if (name) packages.add(name);
        }
      }
      this.emitFile({ type: "asset", fileName: ".vite/packages.json", source: JSON.stringify([...packages].sort()) });
    },
  };
}

// The Fastify server serves dist/ in production with a strict CSP (script-src 'self'), so the build
// must not emit inline scripts; in development the API and branding files come through the proxy.
const API_ORIGIN = "http://localhost:3000";

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    mantineSheets(),
    react(),
    mantineUseIdWithoutRerender(),
    // The server's bundle (`vite build --ssr`, the public pages it draws) is neither served nor budgeted.
    !isSsrBuild && packagesList(),
    // A .br and a .gz copy next to every built text file (JS, CSS, HTML, JSON, SVG), at the highest
    // levels since this runs once per build: the server picks one by Accept-Encoding
    // (plugins/static-files.ts) instead of compressing on every request. A copy no smaller than
    // its file is skipped, and the server then sends the file itself.
    !isSsrBuild && compression({ algorithms: ["brotliCompress", "gzip"], exclude: /\.vite\//, logLevel: "silent" }),
  ],
  // The server draws the public pages with this app's components (src/ssr/render-page.tsx, built into
  // dist/.ssr); Mantine is built into that bundle, not loaded from node_modules, so its ids come from
  // the same useId as the browser's (mantineUseIdWithoutRerender) and the page hydrates unchanged.
  ssr: { noExternal: [/^@mantine\//] },
  // react-router's production build for `npm run build` (see REACT_ROUTER_PRODUCTION above).
  resolve: {
    alias: [...(command === "build" ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] : [])],
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each entry and lazy screen loads, read by
    // scripts/check-bundle.mjs for the byte budget (the server never serves dot folders).
    manifest: true,
    rollupOptions: {
      output: {
        // Rollup splits the shared code by which screens use it; without a floor that makes dozens
        // of sub-kilobyte chunks (a request each, and gzip compresses small files worse).
        experimentalMinChunkSize: 8_000,
        // React, react-dom and the router are needed by every screen and change rarely: one long-lived chunk.
        // Other libraries are not grouped: a "vendor" or "mantine" chunk put TanStack
        // Table, the colour picker or the stepper on /login; split by use, each screen loads its own.
        manualChunks(id) {
          // A language's catalogs in two chunks (src/lib/i18n.ts): what the first screen needs, and
          // the signed-in rest. One request each instead of one per namespace.
          const catalog = /packages\/i18n\/locales\/(\w+)\/(\w+)\.json$/.exec(id);
          if (catalog) return `i18n-${catalog[1]}-${FIRST_SCREEN.has(catalog[2] ?? "") ? "first" : "signed-in"}`;
          if (!id.includes("node_modules")) return undefined;
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return "react";
          return undefined;
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": API_ORIGIN,
      "/branding": API_ORIGIN,
    },
  },
}));
