import { createTheme, type MantineColorSchemeManager, type MantineColorShade } from "@mantine/core";
import { BREAKPOINT_MOBILE_PX, BREAKPOINT_WIDE_PX } from "@portal/shared/constants";
import type { Branding } from "@portal/shared/schemas/responses";
import { generatePalette, readablePrimaryShade } from "../lib/palette.ts";

const em = (px: number) => `${px / 16}em`;

/**
 * Mantine's badge cuts its label with an ellipsis ("ACT…", "VENCI…" in a table at 1366 px): a
 * badge's few words are its whole message, so it keeps its full width and its column or row makes
 * room (e2e/list-fit.spec.ts checks every screen at 1366 and 390 px).
 */
const BADGE_NEVER_CLIPPED = {
  root: { overflow: "visible", maxWidth: "none", flexShrink: 0 },
  label: { overflow: "visible", textOverflow: "clip" },
} as const;

/** Spec 3 theme defaults (rounded radius, branding colour) on top of Mantine's. */
export function buildTheme(branding: Branding) {
  const brand = generatePalette(branding.primaryColor);
  const shade = readablePrimaryShade(brand) as MantineColorShade;
  return createTheme({
    primaryColor: "brand",
    colors: { brand },
    primaryShade: { light: shade, dark: shade },
    defaultRadius: "md",
    autoContrast: true,
    // A reader who asks the system for less motion gets none: modals and menus appear at once.
    respectReducedMotion: true,
    // md and xl line up with the spec's 992 px and 1400 px layout changes.
    breakpoints: { xs: "36em", sm: "48em", md: em(BREAKPOINT_MOBILE_PX), lg: "75em", xl: em(BREAKPOINT_WIDE_PX) },
    components: { Badge: { styles: BADGE_NEVER_CLIPPED } },
  });
}

/**
 * The portal has one (light) colour scheme. Mantine's default manager would write its own
 * localStorage key; this one keeps nothing, so storage holds only our `persist:` slices.
 */
export const lightOnlyColorSchemeManager: MantineColorSchemeManager = {
  get: () => "light",
  set: () => {},
  subscribe: () => {},
  unsubscribe: () => {},
  clear: () => {},
};
