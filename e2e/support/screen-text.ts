import { expect, type Page } from "@playwright/test";
import { STATIC_CATALOGS } from "../../apps/server/src/db/seeds/catalog-data.ts";
import { countryEntries } from "../../apps/server/src/db/seeds/countries.ts";
import { RESOURCES } from "../../packages/i18n/src/resources.ts";

/**
 * The screen sweep's text checks (docs/web.md "Screen sweep"): what a screen shows must never be
 * a placeholder left in (`{{n}}`), a translation key (`summary.items.persons`), `undefined`,
 * `NaN`, `null`, `[object Object]`, an ISO date or time (`2026-12-07`, `…T05:00:00Z`) or a
 * catalogue's code where its label belongs (`EC`, `TPS`). Read from the rendered page: the
 * visible text, and the names and hints that are only read aloud (aria-label, title, placeholder,
 * alt). Inside `[data-template-text]` (Settings › E-mail texts: a text the Admin writes with its
 * `{{field}}` placeholders, and the list of those fields) placeholders are the content: that text
 * is not read.
 */

export type Language = "es" | "en" | "fr";

/**
 * A known defect of a screen someone is fixing: the route id and a pattern of the finding it
 * excuses. Each one is named in the sweep's spec, with why, so it is removed with its fix.
 */
export interface KnownDefect {
  route: string;
  finding: RegExp;
}

/** The first segments of every catalog's keys (`summary`, `studentFile`…): where a raw key starts. */
const KEY_ROOTS: ReadonlySet<string> = new Set(
  Object.values(RESOURCES.es).flatMap((namespace) => Object.keys(namespace as Record<string, unknown>)),
);
const NAMESPACES: ReadonlySet<string> = new Set(Object.keys(RESOURCES.es));

/**
 * Codes that read differently from their label in `language`: a leaf showing one alone shows the
 * code, not the label ("CP" is a French level's label, so it passes in French only). Numeric codes
 * (identification types 1 and 2) are left out: a bare "1" is a count or a step far more often;
 * the summary's unit test reads those fields.
 */
function bareCodes(language: Language): Set<string> {
  const entries = [...Object.values(STATIC_CATALOGS).flat(), ...countryEntries()];
  return new Set(
    entries.filter((entry) => !/^\d+$/.test(entry.code) && entry[language] !== entry.code).map((entry) => entry.code),
  );
}
const CODES: Record<Language, Set<string>> = { es: bareCodes("es"), en: bareCodes("en"), fr: bareCodes("fr") };

/** Whole texts that look like `ns:key.path` or `key.path.more` with a catalog's first segment. */
function isRawKey(text: string): boolean {
  const match = /^(?:([a-zA-Z]+):)?([a-z][A-Za-z0-9_]*)((?:\.[A-Za-z0-9_-]+)+)$/.exec(text);
  if (!match) return false;
  const [, namespace, root] = match;
  return (namespace !== undefined && NAMESPACES.has(namespace)) || KEY_ROOTS.has(root ?? "");
}

const PLACEHOLDER = /\{\{[^}]*\}\}|\{\{|\}\}/;
const NOT_A_VALUE = /\bundefined\b|\bNaN\b|\bnull\b|\[object [A-Za-z]+\]/;
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b/;

interface Rendered {
  /** Trimmed text of each element with no element inside (a cell, a badge, a value). */
  leaves: string[];
  /** Each visible text node and each spoken-only name or hint. */
  texts: string[];
  /**
   * Texts inside `[data-raw-values]`: a preview of a machine file (the BUE export's row), whose
   * ISO dates and codes are its content; still read for placeholders, keys and non-values.
   */
  raw: string[];
}

/** What the page renders, read in the browser. */
async function rendered(page: Page): Promise<Rendered> {
  return page.evaluate(() => {
    const visible = (element: Element) =>
      !(element instanceof HTMLElement) || element.offsetParent !== null || element.getClientRects().length > 0;
    const texts: string[] = [];
    const leaves: string[] = [];
    const raw: string[] = [];
    const isRaw = (element: Element) => element.closest("[data-raw-values]") !== null;
    const isTemplate = (element: Element) => element.closest("[data-template-text]") !== null;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || ["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE"].includes(parent.tagName)) continue;
      if (isTemplate(parent)) continue;
      const text = (node.textContent ?? "").trim();
      if (text && visible(parent)) (isRaw(parent) ? raw : texts).push(text);
    }
    for (const element of Array.from(document.body.querySelectorAll("*"))) {
      for (const attribute of ["aria-label", "title", "placeholder", "alt", "aria-valuetext"]) {
        const value = element.getAttribute(attribute)?.trim();
        if (value) texts.push(value);
      }
      if (element.children.length === 0 && visible(element) && !isRaw(element)) {
        const text = (element.textContent ?? "").trim();
        if (text) leaves.push(text);
      }
    }
    return { texts, leaves, raw };
  });
}

/** Every finding on the page as "what: text", known defects left out. */
export async function screenTextFindings(
  page: Page,
  language: Language,
  route: string,
  known: readonly KnownDefect[] = [],
): Promise<string[]> {
  const { texts, leaves, raw } = await rendered(page);
  const findings: string[] = [];
  for (const text of new Set(texts)) {
    if (PLACEHOLDER.test(text)) findings.push(`placeholder: ${text}`);
    if (NOT_A_VALUE.test(text)) findings.push(`not a value: ${text}`);
    if (ISO_DATE.test(text)) findings.push(`ISO date: ${text}`);
    if (isRawKey(text)) findings.push(`translation key: ${text}`);
  }
  for (const text of new Set(raw)) {
    if (PLACEHOLDER.test(text)) findings.push(`placeholder: ${text}`);
    if (NOT_A_VALUE.test(text)) findings.push(`not a value: ${text}`);
    if (isRawKey(text)) findings.push(`translation key: ${text}`);
  }
  for (const leaf of new Set(leaves)) {
    if (CODES[language].has(leaf)) findings.push(`catalogue code: ${leaf}`);
  }
  return findings.filter((finding) => !known.some((defect) => defect.route === route && defect.finding.test(finding)));
}

/**
 * Fails the test when the screen shows any of the sweep's findings; softly, so one run lists every
 * screen's findings rather than the first.
 */
export async function expectCleanScreenText(
  page: Page,
  language: Language,
  route: string,
  what: string,
  known: readonly KnownDefect[] = [],
): Promise<void> {
  expect.soft(await screenTextFindings(page, language, route, known), `${what}: text on screen`).toEqual([]);
}
