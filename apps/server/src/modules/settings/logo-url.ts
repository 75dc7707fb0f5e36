import type { StoredLogo } from "./identity.service.ts";

export const LOGO_URL = "/branding/logo";

/**
 * The logo's address with a version in it: browsers may cache the image an hour, and a new logo
 * gets a new address, so it shows at once.
 */
export function logoUrl(logo: StoredLogo | undefined): string {
  return logo ? `${LOGO_URL}?v=${logo.storageKey.slice(0, 8)}` : LOGO_URL;
}
