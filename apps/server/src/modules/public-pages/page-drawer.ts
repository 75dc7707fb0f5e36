import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { DrawnPageInput } from "@portal/shared/drawn-page";

/** The web build's page drawing (apps/web/src/ssr/render-page.tsx). */
export interface PageDrawing {
  /** Whether the page at this path is one drawn: asked before its data is gathered. */
  drawsPath: (pathname: string) => boolean;
  /** The whole document, or undefined when this visitor or this moment gets the shell. */
  drawPage: (input: DrawnPageInput) => Promise<string | undefined>;
}

/**
 * Loads the web build's server bundle (`apps/web/dist/.ssr`, built with the app) once: as the
 * server starts listening (app.ts), else at the first page to draw, so an app that never listens
 * (the API under test, through `inject`) holds React and Mantine only if it draws a page. Without
 * the bundle (an older build) there is no drawing and every page gets the app's shell as before;
 * a bundle that fails to load is reported once and treated the same way.
 */
export function pageDrawer(
  webDist: string,
  onLoadError: (error: unknown) => void,
): () => Promise<PageDrawing | undefined> {
  const file = path.join(webDist, ".ssr/render-page.js");
  let loading: Promise<PageDrawing | undefined> | undefined;
  return () => {
    loading ??= fs.existsSync(file)
      ? import(pathToFileURL(file).href).then(
          (module: PageDrawing) => ({ drawsPath: module.drawsPath, drawPage: module.drawPage }),
          (error: unknown) => {
            onLoadError(error);
            return undefined;
          },
        )
      : Promise.resolve(undefined);
    return loading;
  };
}
