import { isLanguage, type Language } from "@portal/shared/languages";

/**
 * What a page the server drew carries for the browser to take it over (docs/web.md "Server-drawn
 * public pages"): the language it was drawn in and the answers it was drawn from, keyed as the
 * queries that fetch them. Inert JSON in a `<script type="application/json">`, which the strict CSP
 * (script-src 'self') allows since it never runs.
 */
export interface InitialData {
  language: Language;
  queries: [queryKey: readonly unknown[], data: unknown][];
}

export const INITIAL_DATA_ELEMENT_ID = "portal-initial-data";

function readInitialData(): InitialData | undefined {
  if (typeof document === "undefined") return undefined;
  const text = document.getElementById(INITIAL_DATA_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const data = JSON.parse(text) as Partial<InitialData>;
    return isLanguage(data.language) && Array.isArray(data.queries) ? (data as InitialData) : undefined;
  } catch {
    return undefined;
  }
}

/** The drawn page's data, read once as the app starts; undefined on the app's own shell. */
export const initialData: InitialData | undefined = readInitialData();

/** The JSON for the script element: `<` escaped so no text in it can close the element. */
export function serializeInitialData(data: InitialData): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
