import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { LANGUAGE_CODES } from "@portal/shared/languages";
import { describe, expect, it } from "vitest";
import { checkCalls, extractCalls, flatten, keyVariables, placeholders } from "./catalog-calls.ts";
import { RESOURCES } from "./resources.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const SOURCES = ["apps/web/src", "apps/server/src"];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const strings = LANGUAGE_CODES.map((lang) => flatten(RESOURCES[lang]));
const variables = keyVariables(strings);

/**
 * A translated text glued to ":" ";" "?" "!" in the code ("{t(…)}:", "`${t(…)}: …`") shows French
 * without its space ("Étape 1 sur 15: Bienvenue"): such punctuation belongs in the catalogs
 * (`common:labelColon`, `common:labelValue`), where the French typography test checks it.
 */
// "{t(…)}:" in JSX, and so "${t(…)}:" in a template; the call's own braces (its variables) allowed.
const GLUED = /\{(?:t|translate)\((?:[^{}]|\{[^{}]*\})*\)\}\s?[:;?!]/g;

function gluedPunctuation(file: string, source: string): string[] {
  return [...source.matchAll(GLUED)].map((m) => `${file}:${source.slice(0, m.index).split("\n").length} ${m[0]}`);
}

describe("catalog check", () => {
  it("gives every key the same variables in es, en and fr (plural forms taken together)", () => {
    const differing: string[] = [];
    for (const base of variables.keys()) {
      const sets = strings.map((catalog) => {
        const vars = new Set<string>();
        for (const [key, text] of catalog) {
          if (key === base || key.replace(/_(zero|one|two|few|many|other)$/, "") === base) {
            for (const name of placeholders(text)) vars.add(name);
          }
        }
        return [...vars].sort().join(",");
      });
      if (new Set(sets).size > 1) differing.push(`${base}: ${sets.join(" | ")}`);
    }
    expect(differing).toEqual([]);
  });

  it("reports a call that does not pass a key's variable, with its file and line", () => {
    const planted = [
      'const a = t("elections:family.body", { body: "CE" });',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the planted source holds a template literal
      'const b = translate("es", `reports:sheet.${report}`);',
      'const c = t(isNew ? "inscriptions:kind.new" : "inscriptions:kind.nope");',
      'const d = t("elections:family.body", { ...vars });',
    ].join("\n");
    expect(checkCalls(extractCalls("planted.tsx", planted), variables)).toEqual([
      "planted.tsx:1 elections:family.body: not passed {{count}}",
      "planted.tsx:3 inscriptions:kind.nope: no such key in the catalogs",
    ]);
  });

  it("finds every variable passed by every call in apps/web/src and apps/server/src", () => {
    const calls = SOURCES.flatMap((dir) =>
      sourceFiles(path.join(ROOT, dir)).flatMap((file) =>
        extractCalls(path.relative(ROOT, file), fs.readFileSync(file, "utf8")),
      ),
    );
    // The scan reads real calls (a guard that reads none would pass on anything).
    expect(calls.length).toBeGreaterThan(1000);
    expect(checkCalls(calls, variables)).toEqual([]);
  });

  it("finds no punctuation glued to a translated text in the code (French needs its space)", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the planted source holds a template literal
    expect(gluedPunctuation("planted.tsx", '<b>{t("users:columns.email")}:</b>\nx = `${t("a:b")}: ${v}`;')).toEqual([
      'planted.tsx:1 {t("users:columns.email")}:',
      'planted.tsx:2 {t("a:b")}:',
    ]);
    const glued = SOURCES.flatMap((dir) =>
      sourceFiles(path.join(ROOT, dir)).flatMap((file) =>
        gluedPunctuation(path.relative(ROOT, file), fs.readFileSync(file, "utf8")),
      ),
    );
    expect(glued).toEqual([]);
  });
});
