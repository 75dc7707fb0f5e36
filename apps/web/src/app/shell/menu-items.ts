import type { MenuItem } from "@portal/shared/route-access";

/**
 * A menu entry is active on its own page and on any page below it; a group also when one of its
 * entries is (a menu-only group such as Representatives has no path of its own).
 */
export function isMenuItemActive(item: MenuItem, pathname: string): boolean {
  if (pathname === item.to || pathname.startsWith(`${item.to}/`)) return true;
  return item.children.some((child) => isMenuItemActive(child, pathname));
}
