import { DEFAULT_THEME, mergeMantineTheme } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { blend, contrastRatio } from "../lib/palette.ts";
import { accessibleColorVariables } from "./accessible-colors.ts";
import { buildTheme } from "./theme.ts";

const branding = (primaryColor: string) => ({
  schoolName: "Colegio",
  logoUrl: "",
  primaryColor,
  navColor: "light" as const,
});

describe.each(["#1c9ad6", "#ffd43b", "#2f9e44", "#0b3d91"])("the theme built from brand colour %s", (brand) => {
  const theme = mergeMantineTheme(DEFAULT_THEME, buildTheme(branding(brand)));
  const variables = accessibleColorVariables(theme);
  const shade = typeof theme.primaryShade === "number" ? theme.primaryShade : theme.primaryShade.light;

  it.each(Object.keys(theme.colors))("gives %s text and light-variant text of at least 4.5:1", (name) => {
    const base = theme.colors[name]![shade]!;
    // On white, in a striped row (gray.0) and in a hovered row (gray.1).
    for (const surface of ["#ffffff", theme.colors.gray[0], theme.colors.gray[1]]) {
      expect(contrastRatio(variables[`--mantine-color-${name}-text`]!, surface)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(variables[`--mantine-color-${name}-outline`]!, surface)).toBeGreaterThanOrEqual(4.5);
    }
    // At rest on white, and hovered (12 %) on a hovered row's gray.1.
    for (const lightBackground of [blend(base, "#ffffff", 0.1), blend(base, theme.colors.gray[1], 0.12)]) {
      expect(contrastRatio(variables[`--mantine-color-${name}-light-color`]!, lightBackground)).toBeGreaterThanOrEqual(
        4.5,
      );
    }
  });

  it("gives dimmed text, placeholders and errors at least 4.5:1", () => {
    expect(contrastRatio(variables["--mantine-color-dimmed"]!, theme.colors.gray[0])).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(variables["--mantine-color-placeholder"]!, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(variables["--mantine-color-error"]!, theme.colors.gray[1])).toBeGreaterThanOrEqual(4.5);
  });
});

describe("Mantine's defaults, for the record", () => {
  it("fail AA where the resolver steps in (so the test above is not vacuous)", () => {
    const gray = DEFAULT_THEME.colors.gray;
    expect(contrastRatio(gray[6], "#ffffff")).toBeLessThan(4.5);
    expect(contrastRatio(DEFAULT_THEME.colors.red[6], "#ffffff")).toBeLessThan(4.5);
    const yellow = DEFAULT_THEME.colors.yellow[6];
    expect(contrastRatio(yellow, blend(yellow, "#ffffff", 0.1))).toBeLessThan(4.5);
  });
});

// What the step-by-step walk down the lightness gave (the snapshot was written by it, before
// darkenUntilReadable searched by halving): the search must find the same colours.
it.each(["#1c9ad6", "#ffd43b", "#2f9e44", "#0b3d91", "#e0f0ff", "#222222"])(
  "the theme built from brand colour %s keeps the colours the step-by-step darkening gave",
  (brand) => {
    expect(accessibleColorVariables(mergeMantineTheme(DEFAULT_THEME, buildTheme(branding(brand))))).toMatchSnapshot();
  },
);
