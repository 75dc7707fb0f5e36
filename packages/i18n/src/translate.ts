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

/**
 * Server-side translation with i18next's `{{name}}` interpolation: `ns:key.path`. Falls back to
 * Spanish, then to the key itself, so a missing string never breaks an answer (spec 8).
 */
export function translate(language: Language, fullKey: string, vars: Record<string, string | number> = {}): string {
  const [ns, key] = fullKey.includes(":")
    ? (fullKey.split(":", 2) as [Namespace, string])
    : (["common", fullKey] as const);
  const text =
    lookup(RESOURCES[language]?.[ns as Namespace] as Tree, key) ?? lookup(RESOURCES.es[ns as Namespace] as Tree, key);
  if (text === undefined) return fullKey;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ""));
}
