import { homePathFor, type Role } from "@portal/shared/roles";
import { ALL_ROUTES, decideAccess, type ResolvedRoute } from "@portal/shared/route-access";

/** Whether a route pattern ("/a/:id") matches a pathname; a trailing slash is tolerated. */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const split = (path: string) => path.replace(/\/+$/, "").split("/").filter(Boolean);
  const expected = split(pattern);
  const actual = split(pathname);
  if (expected.length !== actual.length) return false;
  return expected.every((segment, i) => segment.startsWith(":") || segment === actual[i]);
}

/** The full path of a route of the shared table (throws on an unknown id: a typo is a bug). */
export function fullPathOf(id: string): string {
  const route = ALL_ROUTES.find((candidate) => candidate.id === id);
  if (!route) throw new Error(`Unknown route ${id}`);
  return route.fullPath;
}

/** The routed screen (or group) a pathname opens, if any. */
export function findRoute(pathname: string, routes: readonly ResolvedRoute[] = ALL_ROUTES): ResolvedRoute | undefined {
  return routes.find((route) => !route.hideInRoute && matchesPattern(route.fullPath, pathname));
}

/**
 * Where to go after login: the page the user was heading to when it is an in-app path this role may
 * open, else the role's home. Anything else (another origin, a public-only page) is ignored, so the
 * remembered path can never become an open redirect.
 */
export function postLoginPath(from: unknown, role: Role, routes: readonly ResolvedRoute[] = ALL_ROUTES): string {
  const home = homePathFor(role);
  if (typeof from !== "string" || !from.startsWith("/") || from.startsWith("//") || from.includes("\\")) return home;
  const pathname = from.split(/[?#]/, 1)[0] ?? "";
  const route = findRoute(pathname, routes);
  // The invitation's screen is public, and the reason a visitor signed in from it: back there to accept.
  if (route?.id === "householdInvitation") return from;
  if (route?.access !== "protected" || route.roles.length === 0) return home;
  // A screen a role reaches only on purpose from elsewhere (the family's wizard, which the desk's
  // staff open for a walk-in family) is not where signing in takes it: a family's page left open
  // by an account that has since become staff leads to the staff's home.
  if (route.menuRoles && !route.menuRoles.includes(role)) return home;
  return decideAccess(route, role) === "allow" ? from : home;
}
