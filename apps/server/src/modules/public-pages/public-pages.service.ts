import type { DrawnPageInput } from "@portal/shared/drawn-page";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import { listSchoolYears } from "../../kernel/school-years.ts";
import { sessionInfo } from "../auth/session-info.ts";
import { defaultPublicConfig, readPublicConfig } from "../system/public-config.service.ts";
import type { DrawnPage, DrawnPageCache } from "./drawn-page-cache.ts";
import type { PageDrawing } from "./page-drawer.ts";

/**
 * The public page at the request's address drawn by the server (docs/web.md "Server-drawn public
 * pages"), or undefined for the app's shell: a signed-in visitor (or one between password and
 * code), an address the web build does not draw, no drawing in this build. A branding that cannot
 * be read draws the page with the environment's brand; a session or school years that cannot be
 * read throw, and the caller sends the shell, whose own requests then report the fault as before.
 */
export async function drawnPublicPage(
  ctx: AppContext,
  request: FastifyRequest,
  drawing: PageDrawing | undefined,
  cache: DrawnPageCache,
): Promise<DrawnPage | undefined> {
  if (request.user || request.mfaPending) return undefined;
  // The path alone: no drawn page reads its query, and a query per visitor would make a cache entry each.
  const url = request.url.split("?", 1)[0] ?? "/";
  // Any other address (the app's own screens, a mistyped or probed one) costs no read and no cache entry.
  if (!drawing || !(await drawing.drawsPath(url))) return undefined;
  const [session, schoolYears, publicConfig] = await Promise.all([
    sessionInfo(ctx, request),
    listSchoolYears(ctx.db),
    readPublicConfig(ctx).catch((error: unknown) => {
      request.log.warn({ err: error }, "public page drawn with the default brand: the branding could not be read");
      return defaultPublicConfig(ctx);
    }),
  ]);
  const input: DrawnPageInput = { url, language: request.lang, session, publicConfig, schoolYears };
  return cache.get(JSON.stringify(input), () => drawing.drawPage(input));
}
