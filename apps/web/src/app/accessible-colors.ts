import type { CSSVariablesResolver, MantineTheme } from "@mantine/core";
import { blend, darkenUntilReadable } from "../lib/palette.ts";

const WHITE = "#ffffff";
/**
 * Mantine's light-variant background on hover: the colour at 12 % (10 % at rest,
 * get-css-color-variables), here over gray.1, a hovered table row's background: the darkest a
 * light badge or button sits on.
 */
const LIGHT_HOVER_ALPHA = 0.12;

/**
 * WCAG 2.2 AA from the theme: Mantine's defaults put dimmed text (#868e96, 3.3:1), the
 * error red (#fa5252, 3.3:1), placeholders (2.1:1) and the text of light badges and alerts
 * (yellow on pale yellow, 1.8:1) below 4.5:1. Each colour's text shades are replaced by the same
 * hue made just dark enough for its background, so the school's colours stay recognisable.
 */
export function accessibleColorVariables(theme: MantineTheme): Record<string, string> {
  // Mantine paints every colour's filled, light and text variants with the primary shade.
  const shade = typeof theme.primaryShade === "number" ? theme.primaryShade : theme.primaryShade.light;
  const variables: Record<string, string> = {};
  for (const [name, palette] of Object.entries(theme.colors)) {
    const base = palette[shade] ?? palette[6];
    if (!base) continue;
    // Coloured text also sits in striped (gray.0) and hovered (gray.1) table rows: readable on
    // gray.1 is readable on all of them and on white (the documents page's green "received" was
    // 4.45:1 in a striped row).
    const onSurfaces = darkenUntilReadable(base, theme.colors.gray[1]);
    const lightBackground = blend(base, theme.colors.gray[1], LIGHT_HOVER_ALPHA);
    variables[`--mantine-color-${name}-text`] = onSurfaces;
    variables[`--mantine-color-${name}-outline`] = onSurfaces;
    variables[`--mantine-color-${name}-light-color`] = darkenUntilReadable(base, lightBackground);
  }
  const gray = theme.colors.gray;
  const red = theme.colors.red;
  // Dimmed text also sits on gray.0 panels: readable on the palest gray, so on white too.
  variables["--mantine-color-dimmed"] = darkenUntilReadable(gray[6], gray[0]);
  variables["--mantine-color-placeholder"] = darkenUntilReadable(gray[5], WHITE);
  variables["--mantine-color-error"] = darkenUntilReadable(red[shade] ?? red[6], gray[1]);
  return variables;
}

/** The provider's resolver: the portal has one (light) colour scheme. */
export const accessibleColorsResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: accessibleColorVariables(theme),
  dark: {},
});
