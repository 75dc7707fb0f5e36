import ts from "typescript";

/**
 * The catalog check's two halves (docs/web.md "i18n keys"): the translation calls read from the
 * sources with TypeScript's parser, and each compared with the catalogs. A call names its key with
 * a literal ("ns:key"), a template ("ns:kind.${x}": every key it can match) or a choice of literals
 * (`a ? "ns:x" : "ns:y"`); it passes its variables as an object literal. A template key must pass
 * the variables that every key it can name uses. What cannot be read that way (a key in a
 * variable, the variables in a variable or with a spread) is not checked.
 */

export interface TranslationCall {
  file: string;
  line: number;
  /** Exact keys, or patterns for a template key ("ns:kind.*"), each namespaced. */
  keys: { text: string; pattern: RegExp | null }[];
  /** The variables passed; null when they cannot be known (a spread, an object from elsewhere). */
  vars: Set<string> | null;
}

/** `t(key, vars)` (react-i18next, i18next) and the server's `translate(lang, key, vars)`. */
const CALLEES: Record<string, { key: number; vars: number }> = {
  t: { key: 0, vars: 1 },
  translate: { key: 1, vars: 2 },
};

function calleeName(expression: ts.Expression): string | null {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression)) return expression.name.text;
  return null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The keys a key argument can be: literals and templates, through conditionals and parentheses. */
function keysOf(node: ts.Expression): TranslationCall["keys"] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [{ text: node.text, pattern: null }];
  if (ts.isTemplateExpression(node)) {
    const source = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
    const pattern = new RegExp(`^${source.map(escapeRegExp).join("[^:]+")}$`);
    return [{ text: source.join("*"), pattern }];
  }
  if (ts.isParenthesizedExpression(node)) return keysOf(node.expression);
  if (ts.isConditionalExpression(node)) return [...keysOf(node.whenTrue), ...keysOf(node.whenFalse)];
  return [];
}

function varsOf(node: ts.Expression | undefined): Set<string> | null {
  if (!node) return new Set();
  if (!ts.isObjectLiteralExpression(node)) return null;
  const names = new Set<string>();
  for (const property of node.properties) {
    if (ts.isSpreadAssignment(property)) return null;
    const name = property.name;
    if (name && (ts.isIdentifier(name) || ts.isStringLiteral(name))) names.add(name.text);
  }
  return names;
}

/** Names the file declares as functions of its own (`const t = (…) => …`, `function t(…)`). */
function localFunctions(sourceFile: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name) names.add(node.name.text);
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
    ) {
      names.add(node.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return names;
}

/** Every namespaced translation call of one source file. */
export function extractCalls(file: string, source: string): TranslationCall[] {
  const sourceFile = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const calls: TranslationCall[] = [];
  const wrappers = localFunctions(sourceFile);
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const name = calleeName(node.expression);
      // A file's own `t = (key, extra) => translate(lang, key, { ...vars, ...extra })` adds
      // variables of its own: its calls are not the library's.
      const local = name !== null && ts.isIdentifier(node.expression) && wrappers.has(name);
      const shape = name && !local ? CALLEES[name] : undefined;
      const keyArg = shape ? node.arguments[shape.key] : undefined;
      if (shape && keyArg) {
        // Only "ns:key": a local helper named `t` that prefixes its own namespace is not ours to read.
        const keys = keysOf(keyArg).filter((key) => /^[A-Za-z]+:/.test(key.text));
        if (keys.length > 0) {
          const line = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
          calls.push({ file, line, keys, vars: varsOf(node.arguments[shape.vars]) });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return calls;
}

type Tree = { readonly [key: string]: string | Tree };

/** Plural suffixes i18next adds to a key when `count` is passed. */
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every string of a language's catalogs: "ns:a.b.c" → text. */
export function flatten(namespaces: Readonly<Record<string, unknown>>): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (ns: string, tree: Tree, prefix: string) => {
    for (const [key, value] of Object.entries(tree)) {
      if (typeof value === "string") out.set(`${ns}:${prefix}${key}`, value);
      else walk(ns, value, `${prefix}${key}.`);
    }
  };
  for (const [ns, tree] of Object.entries(namespaces)) walk(ns, tree as Tree, "");
  return out;
}

export const placeholders = (text: string): string[] => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!);

/**
 * A key's variables in every language: its own text's, or, for a plural key, every form's. The
 * union, so a call must pass what any language's text uses.
 */
export function keyVariables(languages: readonly Map<string, string>[]): Map<string, Set<string>> {
  const byKey = new Map<string, Set<string>>();
  for (const strings of languages) {
    for (const [key, text] of strings) {
      const base = key.replace(PLURAL, "");
      const vars = byKey.get(base) ?? new Set<string>();
      for (const name of placeholders(text)) vars.add(name);
      if (base !== key) vars.add("count");
      byKey.set(base, vars);
    }
  }
  return byKey;
}

/** A key naming a group of strings (read with `returnObjects`): some key starts with it. */
function isObjectKey(key: TranslationCall["keys"][number], keys: readonly string[]): boolean {
  if (!key.pattern) return keys.some((k) => k.startsWith(`${key.text}.`));
  const group = new RegExp(`${key.pattern.source.slice(0, -1)}\\.`);
  return keys.some((k) => group.test(k));
}

/** What is wrong with the calls: a key the catalogs lack, or a variable a call does not pass. */
export function checkCalls(calls: readonly TranslationCall[], variables: Map<string, Set<string>>): string[] {
  const problems: string[] = [];
  const keys = [...variables.keys()];
  for (const call of calls) {
    const where = `${call.file}:${call.line}`;
    for (const key of call.keys) {
      const matched = key.pattern
        ? keys.filter((k) => key.pattern!.test(k))
        : variables.has(key.text)
          ? [key.text]
          : [];
      if (matched.length === 0 && isObjectKey(key, keys)) continue;
      if (matched.length === 0) {
        problems.push(`${where} ${key.text}: no such key in the catalogs`);
        continue;
      }
      if (call.vars === null) continue;
      if (key.pattern) {
        // Which key a template names is known at run time only: a variable every key it can
        // name uses must be passed.
        const needed = matched.map((name) => variables.get(name)!);
        const missing = [...needed[0]!].filter((v) => needed.every((set) => set.has(v)) && !call.vars!.has(v));
        if (missing.length > 0)
          problems.push(`${where} ${key.text}: not passed ${missing.map((v) => `{{${v}}}`).join(", ")}`);
        continue;
      }
      const passed = call.vars;
      const missing = [...variables.get(key.text)!].filter((v) => !passed.has(v));
      if (missing.length > 0)
        problems.push(`${where} ${key.text}: not passed ${missing.map((v) => `{{${v}}}`).join(", ")}`);
    }
  }
  return problems;
}
