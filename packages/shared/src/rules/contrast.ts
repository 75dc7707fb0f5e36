/**
 * WCAG 2.x contrast (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio). The school's primary
 * colour is used behind white text (buttons) and as text on white (links): both must reach AA
 * for normal text, 4.5:1, or the theme would stop being readable.
 */
export const MIN_CONTRAST = 4.5;

function channel(hex: string): number {
  const value = Number.parseInt(hex, 16) / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of `#rrggbb`. */
export function luminance(color: string): number {
  const r = channel(color.slice(1, 3));
  const g = channel(color.slice(3, 5));
  const b = channel(color.slice(5, 7));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio between `#rrggbb` and white, from 1 to 21. */
export function contrastWithWhite(color: string): number {
  return 1.05 / (luminance(color) + 0.05);
}

/** White on the colour and the colour on white are the same ratio: one check covers both uses. */
export function isAccessiblePrimary(color: string): boolean {
  return /^#[0-9a-fA-F]{6}$/.test(color) && contrastWithWhite(color) >= MIN_CONTRAST;
}
