import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Keeps the docs honest (docs/adr/0010-repository-layout.md): no section of a
 * doc runs past MAX_SECTION_LINES (a long section is a diary, not a handbook), and every relative
 * link in docs/, README.md and CONTRIBUTING.md names a file that exists and, after `#`, a heading
 * of that file, by GitHub's anchor rules.
 */
const ROOT = resolve(import.meta.dirname, "../../..");
const MAX_SECTION_LINES = 120;

/** The files under `dir` whose names match `wanted`, past dependencies, builds and test output. */
function filesUnder(dir: string, wanted: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return ["node_modules", "dist", "test-results", "test-reports"].includes(name) ? [] : filesUnder(path, wanted);
    return wanted.test(name) ? [path] : [];
  });
}

const DOCS = filesUnder(join(ROOT, "docs"), /\.md$/);
const LINKING = [...DOCS, join(ROOT, "README.md"), join(ROOT, "CONTRIBUTING.md")];

interface Line {
  number: number;
  text: string;
  inFence: boolean;
}

/** The file's lines, each marked when it sits inside a fenced code block (fences included). */
function linesOf(path: string): Line[] {
  let fence: string | undefined;
  return readFileSync(path, "utf8")
    .split("\n")
    .map((text, index) => {
      const marker = /^\s*(`{3,}|~{3,})/.exec(text)?.[1];
      const inFence = fence !== undefined || marker !== undefined;
      if (marker && fence === undefined) fence = marker[0];
      else if (marker && fence !== undefined && marker[0] === fence) fence = undefined;
      return { number: index + 1, text, inFence };
    });
}

const headingOf = (line: Line) => (line.inFence ? undefined : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line.text)?.[1]);

/**
 * GitHub's anchor for a heading: the rendered text (links and emphasis reduced to their words),
 * lower-cased, every character but letters, digits, marks, spaces, '-' and '_' dropped, spaces
 * turned into '-'; a repeated anchor gets "-1", "-2"… in order.
 */
export function anchorOf(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "").replace(/ /g, "-");
}

function anchorsOf(path: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of linesOf(path)) {
    const heading = headingOf(line);
    if (heading === undefined) continue;
    const base = anchorOf(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Relative links outside code: `[text](target)`; web addresses and mail links are left alone. */
function linksOf(path: string): { line: number; target: string }[] {
  const links: { line: number; target: string }[] = [];
  for (const line of linesOf(path)) {
    if (line.inFence) continue;
    const text = line.text.replace(/`[^`]*`/g, "");
    for (const match of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = match[1] ?? "";
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      links.push({ line: line.number, target });
    }
  }
  return links;
}

describe("docs", () => {
  it("has no section longer than 120 lines", () => {
    const long: string[] = [];
    for (const path of DOCS) {
      const lines = linesOf(path);
      let start = 1;
      let title = "(before the first heading)";
      const close = (end: number) => {
        if (end - start > MAX_SECTION_LINES) long.push(`${relative(ROOT, path)} "${title}": ${end - start} lines`);
      };
      for (const line of lines) {
        const heading = headingOf(line);
        if (heading === undefined) continue;
        close(line.number);
        start = line.number;
        title = heading;
      }
      close(lines.length + 1);
    }
    expect(long).toEqual([]);
  });

  it("links only to files and headings that exist", () => {
    const broken: string[] = [];
    for (const path of LINKING) {
      for (const { line, target } of linksOf(path)) {
        const [file = "", anchor] = target.split("#", 2);
        const linked = file === "" ? path : resolve(dirname(path), decodeURIComponent(file));
        const where = `${relative(ROOT, path)}:${line} → ${target}`;
        if (!existsSync(linked)) {
          broken.push(`${where} (no such file)`);
          continue;
        }
        if (anchor === undefined || anchor === "") continue;
        if (!linked.endsWith(".md") || statSync(linked).isDirectory()) {
          broken.push(`${where} (an anchor into a file that is not markdown)`);
          continue;
        }
        if (!anchorsOf(linked).has(decodeURIComponent(anchor))) broken.push(`${where} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("is cited by the code only where a file and a heading exist", () => {
    // A comment names a doc and, in quotes, one of its headings: `docs/rules/enrollment.md
    // "Households"`, the quote possibly running onto the comment's next line.
    const sources = ["apps", "packages", "e2e", "scripts"].flatMap((folder) =>
      filesUnder(join(ROOT, folder), /\.(ts|tsx|mjs|cjs|js)$/),
    );
    const broken: string[] = [];
    for (const source of sources) {
      const text = readFileSync(source, "utf8").replace(/\n\s*(?:\*|\/\/)\s*/g, " ");
      for (const match of text.matchAll(/\b(docs\/[\w./-]+\.md)(?:,? "([^"]+)")?/g)) {
        const [, file = "", heading] = match;
        if (!existsSync(join(ROOT, file))) broken.push(`${relative(ROOT, source)} → ${file} (no such file)`);
        else if (heading && !linesOf(join(ROOT, file)).some((line) => headingOf(line) === heading))
          broken.push(`${relative(ROOT, source)} → ${file} "${heading}" (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("writes anchors as GitHub does", () => {
    expect(anchorOf("Settings › Files")).toBe("settings--files");
    expect(anchorOf("Styles: Mantine's CSS per component")).toBe("styles-mantines-css-per-component");
    expect(anchorOf("Elections: the benchmark (`npm run bench:elections`)")).toBe(
      "elections-the-benchmark-npm-run-benchelections",
    );
    expect(anchorOf("Año, [link](x.md) and snake_case")).toBe("año-link-and-snake_case");
  });
});
