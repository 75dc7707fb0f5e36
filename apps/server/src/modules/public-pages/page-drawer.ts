import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Language } from "@portal/shared/languages";
import type { PublicConfig, SchoolYear, SessionInfo } from "@portal/shared/schemas/responses";

/** What apps/web/src/ssr/render-page.tsx draws a page from (its PageInput). */
export interface PageInput {
  url: string;
  language: Language;
  session: SessionInfo;
  publicConfig: PublicConfig;
  schoolYears: SchoolYear[];
}

/** The web build's page drawing: the whole document, or undefined when the address is not drawn. */
export type DrawPage = (input: PageInput) => Promise<string | undefined>;

/**
 * Loads the web build's server bundle (`apps/web/dist/.ssr`, built with the app) at the first page
 * to draw, not at start: a server that never draws one (the API under test) does not hold React
 * and Mantine. Without the bundle (an older build) there is no drawing and every page gets the
 * app's shell as before; a bundle that fails to load is reported once and treated the same way.
 */
export function pageDrawer(
  webDist: string,
  onLoadError: (error: unknown) => void,
): () => Promise<DrawPage | undefined> {
  const file = path.join(webDist, ".ssr/render-page.js");
  let loading: Promise<DrawPage | undefined> | undefined;
  return () => {
    loading ??= fs.existsSync(file)
      ? import(pathToFileURL(file).href).then(
          (module: { drawPage: DrawPage }) => module.drawPage,
          (error: unknown) => {
            onLoadError(error);
            return undefined;
          },
        )
      : Promise.resolve(undefined);
    return loading;
  };
}
