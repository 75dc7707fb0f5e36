import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BASE_SHEETS, importedSheets, sheetsForSource, withSheets } from "../../mantine-css.mjs";

// Mantine's CSS per component (docs/adr/0007-css-per-component.md): the build puts in front of each
// source file the sheets its Mantine components need (vite.config.ts `mantineSheets`, from
// mantine-css.mjs), so the screen's chunk carries them and /login carries only its own.
const SRC = path.resolve(import.meta.dirname, "..");
const sources = (fs.readdirSync(SRC, { recursive: true }) as string[])
  .filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".test.ts"))
  .map((file) => ({ file, source: fs.readFileSync(path.join(SRC, file), "utf8") }));
const core = (name: string) => `@mantine/core/styles/${name}.layer.css`;

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
    expect(importedSheets(main?.source ?? "")).toEqual(BASE_SHEETS);
  });

  it("is imported by hand only for the global layers and the login screen's sheets in the entry", () => {
    const byHand = sources.filter(({ source }) => importedSheets(source).length > 0).map(({ file }) => file);
    expect(byHand.sort()).toEqual(["app/login-sheets.ts", "main.tsx"]);
  });

  it("is added in front of a file by the build, what a component is built on first", () => {
    const source = 'import { Button, Modal } from "@mantine/core";\nexport const a = [Button, Modal];\n';
    const built = withSheets(source) ?? "";
    const sheets = importedSheets(built.replace(/;import /g, ";\nimport "));
    expect(sheets).toEqual(sheetsForSource(source));
    expect(sheets).toEqual(expect.arrayContaining([core("UnstyledButton"), core("Button"), core("Modal")]));
    expect(sheets.indexOf(core("UnstyledButton"))).toBeLessThan(sheets.indexOf(core("Button")));
    expect(sheets.indexOf(core("ModalBase"))).toBeLessThan(sheets.indexOf(core("Modal")));
    // On the first line: the file's own lines keep their numbers.
    expect(built.split("\n").slice(1)).toEqual(source.split("\n").slice(1));
  });

  it("adds nothing to a file that renders no Mantine component", () => {
    expect(withSheets('import type { MantineTheme } from "@mantine/core";\nexport const x = 1;\n')).toBeUndefined();
    expect(withSheets('import { useState } from "react";\n')).toBeUndefined();
  });
});
