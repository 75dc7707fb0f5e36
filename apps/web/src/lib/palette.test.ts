import { describe, expect, it } from "vitest";
import {
  BASE_SHADE,
  contrastRatio,
  DEFAULT_PRIMARY_COLOR,
  generatePalette,
  parseHex,
  readablePrimaryShade,
  relativeLuminance,
} from "./palette.ts";

describe("parseHex", () => {
  it("reads long and short forms, with or without #", () => {
    expect(parseHex("#1C9AD6")).toEqual({ r: 0x1c, g: 0x9a, b: 0xd6 });
    expect(parseHex("fff")).toEqual({ r: 255, g: 255, b: 255 });
  });

  it("refuses anything else", () => {
    for (const bad of ["", "#12", "#12345", "#ggg000", "rgb(0,0,0)", "#1234567"]) expect(parseHex(bad)).toBeNull();
  });
});

describe("generatePalette", () => {
  it("gives ten lower-case hex shades with the brand colour at the base shade", () => {
    const palette = generatePalette("#1C9AD6");
    expect(palette).toHaveLength(10);
    for (const shade of palette) expect(shade).toMatch(/^#[0-9a-f]{6}$/);
    expect(palette[BASE_SHADE]).toBe("#1c9ad6");
  });

  it.each(["#1c9ad6", "#e03131", "#2f9e44", "#000000", "#ffffff", "#808080", "#fab005"])(
    "goes from light to dark for %s",
    (hex) => {
      const luminances = generatePalette(hex).map(relativeLuminance);
      for (let i = 1; i < luminances.length; i += 1) {
        expect(luminances[i]).toBeLessThanOrEqual((luminances[i - 1] ?? 1) + 1e-9);
      }
    },
  );

  it("makes the first shade a light tint", () => {
    expect(relativeLuminance(generatePalette("#1c9ad6")[0])).toBeGreaterThan(0.85);
  });

  it("falls back to the default colour for an invalid value", () => {
    expect(generatePalette("not a colour")).toEqual(generatePalette(DEFAULT_PRIMARY_COLOR));
  });
});

describe("readablePrimaryShade", () => {
  it("keeps a dark brand colour at the base shade", () => {
    expect(readablePrimaryShade(generatePalette("#1864ab"))).toBe(BASE_SHADE);
  });

  it("moves a light brand colour to a darker shade that reaches 4.5:1 on white", () => {
    const palette = generatePalette("#74c0fc");
    const shade = readablePrimaryShade(palette);
    expect(shade).toBeGreaterThan(BASE_SHADE);
    expect(contrastRatio(palette[shade] ?? "", "#ffffff")).toBeGreaterThanOrEqual(4.5);
  });

  it("computes the WCAG ratio", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#777777")).toBeCloseTo(1, 5);
  });
});
