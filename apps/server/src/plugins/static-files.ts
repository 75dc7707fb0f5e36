import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { REPO_ROOT } from "../config.ts";
import { AppError } from "../lib/errors.ts";
import type { DrawnPage } from "../modules/public-pages/drawn-page-cache.ts";
import { sendDrawnPage } from "../modules/public-pages/send-drawn-page.ts";
import { LOGO_URL } from "../modules/settings/logo-url.ts";

// From the repository root, not this file: the compiled server runs from apps/server/dist (build.mjs).
const DEFAULT_LOGO = path.join(REPO_ROOT, "apps/server/assets/logo.svg");

function fileInside(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  // Dot folders are the build's own (.vite/manifest.json, read by scripts/check-bundle.mjs).
  if (decoded.split("/").some((part) => part.startsWith("."))) return undefined;
  const full = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (!full.startsWith(root + path.sep)) return undefined;
  return fs.statSync(full, { throwIfNoEntry: false })?.isFile() ? full : undefined;
}

/**
 * Serves the built SPA: real files as they are (hashed assets cached for a year), a public page
 * drawn by the server when `drawPage` draws one (docs/web.md "Server-drawn public pages"), every
 * other non-API path index.html so the SPA's router shows the screen or page-not-found. The build
 * writes a .br and a .gz copy of each text file (apps/web/vite.config.ts): the copy the browser
 * accepts is sent (br, then gzip, else the file), with the file's content type.
 */
export async function installStaticFiles(
  app: FastifyInstance,
  opts: {
    webDist: string;
    logoPath?: string;
    storedLogo?: () => Promise<string | undefined>;
    drawPage?: (request: FastifyRequest) => Promise<DrawnPage | undefined>;
  },
): Promise<void> {
  const root = path.resolve(opts.webDist);
  // cacheControl off: the handlers below choose Cache-Control per file, send must not overwrite it.
  // preCompressed: file.br or file.gz by Accept-Encoding, the file itself when there is no copy.
  await app.register(fastifyStatic, { root, serve: false, cacheControl: false, preCompressed: true });
  const logo = path.resolve(opts.logoPath ?? DEFAULT_LOGO);

  // The Admin's logo (Settings › General) if there is one, else SCHOOL_LOGO_PATH, else ours.
  // compress false: the logo is small or already compressed (PNG, JPEG).
  const config = { access: "public", duringMaintenance: true } as const;
  app.get(LOGO_URL, { config, compress: false }, async (_request, reply) => {
    const file = (await opts.storedLogo?.()) ?? logo;
    reply.header("Cache-Control", "public, max-age=3600");
    return reply.sendFile(path.basename(file), path.dirname(file));
  });

  // compress false: the build's copies are smaller than on-the-fly compression and cost nothing.
  app.get("/*", { config, compress: false }, async (request, reply) => {
    const urlPath = request.url.split("?")[0] ?? "/";
    if (urlPath === "/api" || urlPath.startsWith("/api/")) throw new AppError(404, "ROUTE_NOT_FOUND");
    if (!fs.existsSync(path.join(root, "index.html"))) {
      return reply.code(503).type("text/plain").send("The web app is not built yet: run `npm run build`.");
    }
    // Which copy is sent depends on Accept-Encoding: caches must key on it.
    reply.header("Vary", "Accept-Encoding");
    const file = fileInside(root, urlPath);
    if (file) {
      const immutable = urlPath.startsWith("/assets/");
      reply.header("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      return reply.sendFile(path.relative(root, file));
    }
    // A page that cannot be drawn (a fault reading its data or drawing it) is the shell's to show:
    // the app's own requests then report the fault as they always have.
    const drawn = await opts.drawPage?.(request).catch((error: unknown) => {
      request.log.warn({ err: error }, "public page not drawn: the app's shell is sent instead");
      return undefined;
    });
    if (drawn) return sendDrawnPage(request, reply, drawn, request.lang);
    reply.header("Cache-Control", "no-cache");
    return reply.sendFile("index.html");
  });
}
