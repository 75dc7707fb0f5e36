import type { MantineColorsTuple } from "@mantine/core";

/** Spec 3 default: a light-blue primary colour, used when the branding gives none or a bad one. */
export const DEFAULT_PRIMARY_COLOR = "#1c9ad6";

/** The shade that holds the branding colour unchanged (Mantine's light-mode primary shade). */
export const BASE_SHADE = 6;

interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** Parses #rgb or #rrggbb (case-insensitive); anything else is null. */
export function parseHex(hex: string): Rgb | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join("") : match[1];
  const value = Number.parseInt(digits, 16);
  return { r: (value >> 16) & 255, g: (value >> 8) & 255, b: value & 255 };
}

function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
}

function rgbToHsl({ r, g, b }: Rgb): [number, number, number] {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h: number;
  if (max === rn) h = (gn - bn) / d + (gn < bn ? 6 : 0);
  else if (max === gn) h = (bn - rn) / d + 2;
  else h = (rn - gn) / d + 4;
  return [h / 6, s, l];
}

function hslToRgb(h: number, s: number, l: number): Rgb {
  if (s === 0) return { r: l * 255, g: l * 255, b: l * 255 };
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t0: number) => {
    const t = t0 < 0 ? t0 + 1 : t0 > 1 ? t0 - 1 : t0;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return { r: channel(h + 1 / 3) * 255, g: channel(h) * 255, b: channel(h - 1 / 3) * 255 };
}

/**
 * A 10-shade Mantine palette from one brand colour: shade 6 is the colour itself, shades 0–5 climb
 * towards a near-white tint of the same hue, 7–9 go darker. An invalid colour gives the default.
 */
export function generatePalette(hex: string): MantineColorsTuple {
  const rgb = parseHex(hex) ?? parseHex(DEFAULT_PRIMARY_COLOR)!;
  const [h, s, l] = rgbToHsl(rgb);
  const top = Math.max(0.97, l);
  const bottom = l * 0.45;
  const shades = Array.from({ length: 10 }, (_, i) => {
    if (i === BASE_SHADE) return toHex(rgb);
    const lightness = i < BASE_SHADE ? top - (top - l) * (i / BASE_SHADE) : l - (l - bottom) * ((i - BASE_SHADE) / 3);
    return toHex(hslToRgb(h, s, lightness));
  });
  return shades as unknown as MantineColorsTuple;
}

/** WCAG relative luminance of a hex colour (0 black … 1 white). */
export function relativeLuminance(hex: string): number {
  const rgb = parseHex(hex);
  if (!rgb) return 0;
  const linear = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(rgb.r) + 0.7152 * linear(rgb.g) + 0.0722 * linear(rgb.b);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The primary shade to use: the brand colour when white text and links on white stay readable
 * (WCAG AA 4.5:1), else the first darker shade that is. A light brand colour still reads as itself
 * in the lighter shades (backgrounds, hovers) without failing contrast on buttons and links.
 */
export function readablePrimaryShade(palette: readonly string[], minRatio = 4.5): number {
  for (let i = BASE_SHADE; i < palette.length; i += 1) {
    if (contrastRatio(palette[i] ?? "#000000", "#ffffff") >= minRatio) return i;
  }
  return palette.length - 1;
}

/** `fg` laid over `bg` at `alpha` (0–1), as the browser paints a translucent colour on a solid one. */
export function blend(fg: string, bg: string, alpha: number): string {
  const f = parseHex(fg) ?? { r: 0, g: 0, b: 0 };
  const b = parseHex(bg) ?? { r: 255, g: 255, b: 255 };
  const mix = (x: number, y: number) => x * alpha + y * (1 - alpha);
  return toHex({ r: mix(f.r, b.r), g: mix(f.g, b.g), b: mix(f.b, b.b) });
}

/**
 * The colour as it is when it already reads on `background` (WCAG `minRatio`), else the same hue
 * darkened in steps of 0.01 lightness until it does: Mantine's yellow, orange or lime have no shade
 * dark enough for text, even their darkest. `background` is light (white, the grays, a pale tint).
 *
 * Found by halving rather than step by step (the theme's ≈ 30 colours took ≈ 1,300
 * contrast checks, ≈ 3 % of the login screen's first render task in a CPU profile at 4×). Once the
 * colour fails at its own lightness, every darker step is closer to failing until it crosses the
 * background's luminance, and readable from the first step that reads onwards: the steps that read
 * are one run at the dark end, and halving finds where it starts, the same step as walking down to
 * it.
 */
export function darkenUntilReadable(hex: string, background: string, minRatio = 4.5): string {
  const rgb = parseHex(hex);
  if (!rgb) return "#000000";
  const [h, s, l] = rgbToHsl(rgb);
  // The lightness of each step as the walk down reached it (repeated subtraction, the same floats).
  const lightnesses: number[] = [];
  for (let lightness = l; lightness > 0; lightness -= 0.01) lightnesses.push(lightness);
  const step = (k: number) => toHex(hslToRgb(h, s, lightnesses[k] ?? 0));
  const reads = (k: number) => contrastRatio(step(k), background) >= minRatio;
  if (lightnesses.length === 0) return "#000000";
  if (reads(0)) return step(0);
  let readable = lightnesses.length - 1;
  if (readable === 0 || !reads(readable)) return "#000000";
  let unreadable = 0;
  while (readable - unreadable > 1) {
    const middle = Math.floor((readable + unreadable) / 2);
    if (reads(middle)) readable = middle;
    else unreadable = middle;
  }
  return step(readable);
}
