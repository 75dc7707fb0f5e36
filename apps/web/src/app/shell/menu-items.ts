import type { MenuItem } from "@portal/shared/route-access";

/** A menu entry is active on its own page and on any page below it. */
export function isMenuItemActive(item: MenuItem, pathname: string): boolean {
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}
