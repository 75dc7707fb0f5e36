// Which of Mantine's per-component style sheets a source file needs (each screen's chunk
// brings the CSS of the Mantine components it uses, not the whole 30 KB styles.css on /login).
//
// The answer is read from @mantine/core's own ES build, so it follows Mantine's upgrades: a
// component's module imports the CSS-module class map of every part it styles
// (`Button.module.css.mjs`) and the components it is built on (Button → UnstyledButton, Loader);
// each class map `X.module.css.mjs` has a sheet `@mantine/core/styles/X.layer.css`. The list is in
// dependency order (what a component is built on first), the order Mantine asks for.
//
// Used by the build (vite.config.ts `mantineSheets`: each source file gets the imports of the
// sheets its Mantine components need, so no file keeps them by hand) and by its test
// (src/app/mantine-css-imports.test.ts).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const WEB = path.dirname(fileURLToPath(import.meta.url));
const CORE = path.join(WEB, "../../node_modules/@mantine/core/esm");
const CORE_SHEETS = "@mantine/core/styles/";

/**
 * The other Mantine packages ship one sheet each (no per-component files). What their exports
 * render from @mantine/core is listed so its sheets come first; a new Mantine package (e.g.
 * @mantine/dates) gets a line here and its `styles.layer.css` is then required like any sheet.
 */
const PACKAGES = {
  "@mantine/notifications": {
    Notifications: { core: ["Notification"], sheet: "@mantine/notifications/styles.layer.css" },
  },
  // The date fields (components/ui/date-field.tsx): an input with a popover calendar.
  "@mantine/dates": {
    DateInput: { core: ["Popover", "Input", "UnstyledButton"], sheet: "@mantine/dates/styles.layer.css" },
  },
  // The confirmation dialogs: lib/confirm.tsx sends Mantine's `modals` event with a Text inside; the
  // lazy host that renders them (app/modals-host.tsx) draws a Modal with Mantine buttons.
  "@mantine/modals": {
    modals: { core: ["Text"], sheet: undefined },
    ModalsProvider: { core: ["Modal", "Button", "Group"], sheet: undefined },
  },
};

/** Global layers every page needs, first of all (Mantine's "Global styles"): imported by main.tsx. */
export const BASE_SHEETS = ["baseline", "default-css-variables", "global"].map(
  (name) => `${CORE_SHEETS}${name}.layer.css`,
);

const exportsIndex = new Map(
  [
    ...fs.readFileSync(path.join(CORE, "index.mjs"), "utf8").matchAll(/export \{ (\w+)(?: as (\w+))? \} from '(.+?)'/g),
  ].map((m) => [m[2] ?? m[1], path.join(CORE, m[3])]),
);

// Components, and the shared parts they are built from (utils/InlineInput: Checkbox, Radio, Switch).
const STYLED = [path.join(CORE, "components"), path.join(CORE, "utils")];
const isStyled = (file) => STYLED.some((folder) => file.startsWith(folder + path.sep));
/** components/<Dir>/… → Dir: a component with its parts (Modal with ModalContent, ModalTitle…). */
const componentOf = (file) => path.relative(CORE, file).split(path.sep).slice(0, 2).join("/");

/**
 * The component folders and class maps reachable from a module of the ES build. Imports with
 * bindings only: the build also keeps bare `import '../X/X.mjs'` lines of modules a file does not use.
 */
function reach(file, graph = { deps: new Map(), classMaps: new Map() }, seen = new Set()) {
  if (seen.has(file)) return graph;
  seen.add(file);
  const from = componentOf(file);
  if (!graph.deps.has(from)) graph.deps.set(from, new Set());
  if (!graph.classMaps.has(from)) graph.classMaps.set(from, new Set());
  const source = fs.readFileSync(file, "utf8");
  for (const m of source.matchAll(/^import (?:\{[^}]*\}|\w+) from '(\.[^']+)';$/gm)) {
    const target = path.resolve(path.dirname(file), m[1]);
    if (!isStyled(target)) continue;
    const classMap = /([\w-]+)\.module\.css\.mjs$/.exec(target);
    if (classMap) {
      graph.classMaps.get(componentOf(target))?.add(`${CORE_SHEETS}${classMap[1]}.layer.css`) ??
        graph.classMaps.set(componentOf(target), new Set([`${CORE_SHEETS}${classMap[1]}.layer.css`]));
      continue;
    }
    if (componentOf(target) !== from) graph.deps.get(from).add(componentOf(target));
    reach(target, graph, seen);
  }
  return graph;
}

const sheetsCache = new Map();

/** The sheets a component export needs: what it is built on first (Mantine's order), its own last. */
function sheetsOf(file) {
  if (!sheetsCache.has(file)) sheetsCache.set(file, orderedSheets(file));
  return sheetsCache.get(file);
}

function orderedSheets(file) {
  const graph = reach(file);
  const ordered = [];
  const done = new Set();
  const visit = (component) => {
    if (done.has(component)) return;
    done.add(component);
    for (const dep of [...(graph.deps.get(component) ?? [])].sort()) visit(dep);
    ordered.push(...[...(graph.classMaps.get(component) ?? [])].sort());
  };
  visit(componentOf(file));
  return [...new Set(ordered)];
}

/** The sheets needed by the names a file imports from a Mantine package, in order. */
export function sheetsFor(pkg, names) {
  const sheets = [];
  for (const name of names) {
    if (pkg === "@mantine/core") {
      const file = exportsIndex.get(name);
      if (file && isStyled(file)) sheets.push(...sheetsOf(file));
    } else {
      const known = PACKAGES[pkg]?.[name];
      if (!known) continue;
      sheets.push(...sheetsFor("@mantine/core", known.core));
      if (known.sheet) sheets.push(known.sheet);
    }
  }
  return [...new Set(sheets)];
}

/** Every Mantine import of a source file, as the sheets it needs, in order. */
export function sheetsForSource(source) {
  const sheets = [];
  for (const m of source.matchAll(/^import \{([^}]*)\} from "(@mantine\/[\w-]+)";$/gm)) {
    const names = m[1]
      .split(",")
      .map((part) => part.trim())
      .filter((part) => part && !part.startsWith("type "))
      .map((part) => part.split(/\s+as\s+/)[0]);
    sheets.push(...sheetsFor(m[2], names));
  }
  return [...new Set(sheets)];
}

/** The Mantine sheets a source file imports, in its order. */
export function importedSheets(source) {
  return [...source.matchAll(/^import "(@mantine\/[^"]+\.css)";$/gm)].map((m) => m[1]);
}

/**
 * The source with the imports of the sheets its Mantine components need put in front, on its first
 * line (the lines below keep their numbers, so the source map stays right), or undefined when it
 * needs none.
 */
export function withSheets(source) {
  const sheets = sheetsForSource(source);
  if (sheets.length === 0) return undefined;
  return sheets.map((sheet) => `import "${sheet}";`).join("") + source;
}
