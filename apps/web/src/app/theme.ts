import { createTheme, type MantineColorSchemeManager, type MantineColorShade } from "@mantine/core";
import { BREAKPOINT_MOBILE_PX, BREAKPOINT_WIDE_PX } from "@portal/shared/constants";
import type { Branding } from "@portal/shared/schemas/responses";
import { generatePalette, readablePrimaryShade } from "../lib/palette.ts";

const em = (px: number) => `${px / 16}em`;

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
    // md and xl line up with the spec's 992 px and 1400 px layout changes.
    breakpoints: { xs: "36em", sm: "48em", md: em(BREAKPOINT_MOBILE_PX), lg: "75em", xl: em(BREAKPOINT_WIDE_PX) },
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
