import { LANGUAGE_CODES } from "@portal/shared/languages";
import { describe, expect, it } from "vitest";
import { NAMESPACES, RESOURCES } from "./resources.ts";

type Tree = { [key: string]: string | Tree };

function keysOf(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? "").sort();
}

function valueAt(tree: Tree, path: string): string {
  return path.split(".").reduce<string | Tree>((node, part) => (node as Tree)[part] ?? "", tree) as string;
}

describe("catalog parity: every string exists in es, en and fr", () => {
  for (const ns of NAMESPACES) {
    it(`${ns} has the same keys in every language, none empty, same placeholders`, () => {
      const es = RESOURCES.es[ns] as Tree;
      const reference = keysOf(es).sort();
      for (const lang of LANGUAGE_CODES) {
        const tree = RESOURCES[lang][ns] as Tree;
        expect(keysOf(tree).sort(), `${lang}/${ns}`).toEqual(reference);
        for (const key of reference) {
          const text = valueAt(tree, key);
          expect(text.trim(), `${lang}/${ns}:${key}`).not.toBe("");
          expect(placeholders(text), `${lang}/${ns}:${key}`).toEqual(placeholders(valueAt(es, key)));
        }
      }
    });
  }
});
