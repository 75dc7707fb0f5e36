/** The spec's language options (section 3). Spanish is the default. */
export const LANGUAGES = [
  { value: "en", label: "English", code: "en", locale: "en-US", name: "English", direction: "ltr", icon: "gb" },
  { value: "es", label: "Español", code: "es", locale: "es-ES", name: "Español", direction: "ltr", icon: "es" },
  { value: "fr", label: "Français", code: "fr", locale: "fr-FR", name: "Français", direction: "ltr", icon: "fr" },
] as const;

export const LANGUAGE_CODES = ["es", "en", "fr"] as const;
export type Language = (typeof LANGUAGE_CODES)[number];
export const DEFAULT_LANGUAGE: Language = "es";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGE_CODES as readonly string[]).includes(value);
}

function baseCode(tag: string): string {
  return tag.trim().toLowerCase().split(/[-_;]/)[0] ?? "";
}

/**
 * First-visit language (spec 3): the browser's second language if we support it, else its first,
 * else Spanish. The odd "second first" order is the spec's, kept on purpose.
 */
export function pickInitialLanguage(browserLanguages: readonly string[]): Language {
  for (const tag of [browserLanguages[1], browserLanguages[0]]) {
    const code = tag ? baseCode(tag) : "";
    if (isLanguage(code)) return code;
  }
  return DEFAULT_LANGUAGE;
}

/** Parses an Accept-Language header into tags ordered by preference. */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return (
    header
      .split(",")
      .map((part, index) => {
        const [tag = "", ...params] = part.trim().split(";");
        const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
        const weight = q ? Number(q.slice(2)) : 1;
        return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
      })
      // BCP 47 shape only: anything else in the header is noise.
      .filter((entry) => /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(entry.tag) && entry.weight > 0)
      .sort((a, b) => b.weight - a.weight || a.index - b.index)
      .map((entry) => entry.tag)
  );
}
