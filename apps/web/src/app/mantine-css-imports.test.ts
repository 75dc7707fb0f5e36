import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain Node module of the web package's tooling (no types), see its header.
import { BASE_SHEETS, importedSheets, sheetsForSource } from "../../mantine-css.mjs";

// No file loads Mantine's whole stylesheet; each one that renders a Mantine component
// imports that component's sheets (and those of the parts it is built on) in Mantine's order, so
// the screen's chunk carries them and /login carries only its own.
const SRC = path.resolve(import.meta.dirname, "..");
const sources = (fs.readdirSync(SRC, { recursive: true }) as string[])
  .filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".test.ts"))
  .map((file) => ({ file, source: fs.readFileSync(path.join(SRC, file), "utf8") }));

describe("Mantine's CSS per component", () => {
  it("is never imported whole", () => {
    // @mantine/core's whole sheet, or any package's unlayered one (the other packages ship one
    // sheet each: their styles.layer.css is the per-package sheet, see mantine-css.mjs PACKAGES).
    const whole = sources.filter(({ source }) =>
      /"@mantine\/(core\/styles(\.layer)?|[\w-]+\/styles)\.css"/.test(source),
    );
    expect(whole.map(({ file }) => file)).toEqual([]);
  });

  it("starts with the global layers, in Mantine's order", () => {
    const main = sources.find(({ file }) => file === "main.tsx");
    expect(importedSheets(main?.source ?? "").slice(0, 3)).toEqual(BASE_SHEETS);
  });

  it.each(sources.map(({ file, source }) => [file, source]))(
    "%s imports the sheets of the components it uses, in order",
    (_file, source) => {
      const needed: string[] = sheetsForSource(source);
      const imported: string[] = importedSheets(source);
      expect(needed.filter((sheet) => !imported.includes(sheet))).toEqual([]);
      // What a component is built on comes before it: the order of `needed` holds among the imports.
      const positions = needed.map((sheet) => imported.indexOf(sheet));
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    },
  );
});
