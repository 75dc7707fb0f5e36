import type { Language } from "./languages.ts";
import type { PublicConfig, SchoolYear, SessionInfo } from "./schemas/responses.ts";

/**
 * What the server gives the web build's page drawing (apps/web/src/ssr/render-page.tsx) to draw a
 * public page from (docs/web.md "Server-drawn public pages"): the same answers the browser would
 * otherwise fetch as the page starts.
 */
export interface DrawnPageInput {
  /** The path asked for (without its query: no drawn page reads it). */
  url: string;
  language: Language;
  /** GET /api/session's answer for this visitor (signed out). */
  session: SessionInfo;
  /** GET /api/public/config's answer (the environment's brand if the school's could not be read). */
  publicConfig: PublicConfig;
  /** GET /api/school-years' answer (the login form's year selector). */
  schoolYears: SchoolYear[];
}
