// Compiles the server for `npm start` (opening day's memory, docs/performance.md): four bundles in dist/, the
// server and the entries of the worker threads (PDF drawing, cleaning uploads, public pages), our code and the
// workspace packages inlined, npm packages left to Node. Running the TypeScript through tsx costs
// each thread a loader thread of its own and the transformed sources: about 40 MB resident for the
// main thread alone. Tests and `npm run dev` still run the sources through tsx. Takes well under a
// second, so `npm start` always compiles first and never runs stale code.
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = import.meta.dirname;

/** npm packages stay imports (native modules, lazy imports); `@portal/*` and JSON data are inlined. */
const leaveNpmPackages = {
  name: "leave-npm-packages",
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@portal/") || args.path.endsWith(".json") ? undefined : { path: args.path, external: true },
    );
  },
};

// Separate bundles, no shared chunks: each worker is a thread of its own, and each bundle sits at
// dist/'s root so paths computed from import.meta.url (config.ts's REPO_ROOT) stay right.
const result = await build({
  entryPoints: {
    server: path.join(root, "src/server.ts"),
    "pdf.worker": path.join(root, "src/workers/pdf-tasks.ts"),
    "pdf-clean.worker": path.join(root, "src/workers/pdf-clean-tasks.ts"),
    "seal.worker": path.join(root, "src/workers/seal-tasks.ts"),
    "page-drawing.worker": path.join(root, "src/workers/page-drawing.worker.mjs"),
    "data-export-zip.worker": path.join(root, "src/workers/data-export-zip-tasks.ts"),
  },
  outdir: path.join(root, "dist"),
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  plugins: [leaveNpmPackages],
  logLevel: "warning",
  write: false,
});

// Each file replaced in one rename: the integration specs' workers each compile before starting a
// server process, at the same time, and a server starting meanwhile reads the old file or the new
// one, never half of one.
fs.mkdirSync(path.join(root, "dist"), { recursive: true });
for (const file of result.outputFiles) {
  const partial = `${file.path}.${process.pid}.partial`;
  fs.writeFileSync(partial, file.contents);
  fs.renameSync(partial, file.path);
}
