import type { Language } from "@portal/shared/languages";
import { type Namespace, RESOURCES } from "./resources.ts";

type Tree = { readonly [key: string]: string | Tree };

function lookup(tree: Tree, path: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

const pluralRules = new Map<Language, Intl.PluralRules>();

/**
 * A key's text; with a numeric `count`, its plural form first as i18next names them (`key_one`,
 * `key_other`…, by the language's plural rules), so the server and the web say "1 voto" alike.
 */
function find(language: Language, ns: Namespace, key: string, vars: Record<string, string | number>) {
  const tree = RESOURCES[language]?.[ns] as Tree;
  if (typeof vars.count === "number") {
    let rules = pluralRules.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language);
      pluralRules.set(language, rules);
    }
    const form = lookup(tree, `${key}_${rules.select(vars.count)}`) ?? lookup(tree, `${key}_other`);
    if (form !== undefined) return form;
  }
  return lookup(tree, key);
}

/**
 * Server-side translation with i18next's `{{name}}` interpolation: `ns:key.path`. Falls back to
 * Spanish, then to the key itself, so a missing string never breaks an answer (spec 8).
 */
export function translate(language: Language, fullKey: string, vars: Record<string, string | number> = {}): string {
  const [ns, key] = fullKey.includes(":")
    ? (fullKey.split(":", 2) as [Namespace, string])
    : (["common", fullKey] as const);
  const text = find(language, ns as Namespace, key, vars) ?? find("es", ns as Namespace, key, vars);
  if (text === undefined) return fullKey;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ""));
}
