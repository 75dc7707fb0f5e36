import type { PublicConfig } from "@portal/shared/schemas/responses";
import type { AppContext } from "../../context.ts";
import { getIdentity, getStoredLogo } from "../settings/identity.service.ts";
import { LOGO_URL, logoUrl } from "../settings/logo-url.ts";
import { isMaintenanceOn } from "../settings/settings.service.ts";

/** The identity an Admin set in Settings › General, else the environment's (read each time: no rebuild, no restart). */
export async function readPublicConfig(ctx: AppContext): Promise<PublicConfig> {
  const [identity, logo, maintenance] = await Promise.all([getIdentity(ctx), getStoredLogo(ctx), isMaintenanceOn(ctx)]);
  return {
    branding: {
      schoolName: identity.schoolName,
      logoUrl: logoUrl(logo),
      primaryColor: identity.primaryColor,
      navColor: ctx.config.branding.navColor,
    },
    maintenance,
    registrationOpen: true,
  };
}

/** The environment's brand: what a page is drawn with when the school's settings cannot be read. */
export function defaultPublicConfig(ctx: AppContext): PublicConfig {
  const { schoolName, primaryColor, navColor } = ctx.config.branding;
  return {
    branding: { schoolName, logoUrl: LOGO_URL, primaryColor, navColor },
    maintenance: false,
    registrationOpen: true,
  };
}
