import { APP_BASE } from "./constants.ts";
import type { Role } from "./roles.ts";
import { APP_ROUTES, PUBLIC_ROUTES, type RouteAccess, type RouteNode } from "./routes.ts";

/** A route with its full path and the roles that finally apply to it. */
export interface ResolvedRoute {
  id: string;
  fullPath: string;
  access: RouteAccess;
  /** Effective roles; empty for a protected route means nobody may open it. */
  roles: readonly Role[];
  hideInMenu: boolean;
  /** RouteNode.menuRoles: the roles whose menu lists it (all allowed roles when absent). */
  menuRoles?: readonly Role[];
  hideInRoute: boolean;
  /** Menu-only group the menu lists this route under (RouteNode.menuGroup). */
  menuGroup?: string;
  status: "built" | "planned" | "group";
  defaultChild?: string;
  parentId?: string;
  depth: number;
}

/**
 * Spec 2: a child route has its parent's roles, or the intersection of both; an empty
 * intersection makes it inaccessible. Parents without roles (public) impose nothing.
 */
export function effectiveRoles(parent: readonly Role[] | undefined, own: readonly Role[] | undefined): Role[] {
  if (!parent) return [...(own ?? [])];
  if (!own) return [...parent];
  return parent.filter((role) => own.includes(role));
}

function joinPath(base: string, segment: string): string {
  if (segment.startsWith("/")) return segment;
  return `${base.replace(/\/$/, "")}/${segment}`;
}

/** Flattens a route tree, applying the inheritance rule at every level. */
export function resolveRoutes(
  nodes: readonly RouteNode[],
  base = "",
  parent?: { roles?: readonly Role[]; menuRoles?: readonly Role[]; id: string; hideInRoute: boolean; depth: number },
): ResolvedRoute[] {
  const out: ResolvedRoute[] = [];
  for (const node of nodes) {
    const roles = node.access === "protected" ? effectiveRoles(parent?.roles, node.roles) : [];
    const hideInRoute = Boolean(node.hideInRoute || parent?.hideInRoute);
    const fullPath = joinPath(base, node.path);
    const depth = parent ? parent.depth + 1 : 0;
    out.push({
      id: node.id,
      fullPath,
      access: node.access,
      roles,
      hideInMenu: Boolean(node.hideInMenu),
      // A child is in the menus of its parent's menu roles unless it names its own.
      menuRoles: node.menuRoles ?? parent?.menuRoles,
      hideInRoute,
      menuGroup: node.menuGroup,
      status: node.children ? "group" : (node.status ?? "planned"),
      defaultChild: node.defaultChild,
      parentId: parent?.id,
      depth,
    });
    if (node.children) {
      out.push(
        ...resolveRoutes(node.children, fullPath, {
          roles: node.access === "protected" ? roles : undefined,
          menuRoles: node.menuRoles ?? parent?.menuRoles,
          id: node.id,
          hideInRoute,
          depth,
        }),
      );
    }
  }
  return out;
}

/** Every screen of the portal, resolved once. */
export const ALL_ROUTES: readonly ResolvedRoute[] = [
  ...resolveRoutes(PUBLIC_ROUTES),
  ...resolveRoutes(APP_ROUTES, APP_BASE),
];

export type GuardDecision = "allow" | "login" | "unauthorized" | "invalidAccess";

/** Spec 2 route protection, decided for one route and one (possibly absent) user role. */
export function decideAccess(route: Pick<ResolvedRoute, "access" | "roles">, role: Role | null): GuardDecision {
  if (route.access === "public") return "allow";
  if (route.access === "publicOnly") return role ? "invalidAccess" : "allow";
  if (!role) return "login";
  return route.roles.includes(role) ? "allow" : "unauthorized";
}

/** A menu entry: a routed, visible route the role may open, with its visible children. */
export interface MenuItem {
  id: string;
  /** A menu-only group (no page of its own) links to its first entry. */
  to: string;
  children: MenuItem[];
}

/**
 * Builds the menu for a role from the route table (spec 3: the menu is static, no network call).
 * Routes with a `menuGroup` leave their parent's entry for a group of that id placed right after
 * it (spec 2 lists Representatives next to Inscription while their URLs sit under inscriptions).
 */
export function buildMenu(nodes: readonly RouteNode[], role: Role, base = APP_BASE): MenuItem[] {
  const resolved = resolveRoutes(nodes, base);
  const byParent = new Map<string | undefined, ResolvedRoute[]>();
  for (const route of resolved) {
    const list = byParent.get(route.parentId) ?? [];
    list.push(route);
    byParent.set(route.parentId, list);
  }
  const visible = (route: ResolvedRoute) =>
    !route.hideInMenu &&
    !route.hideInRoute &&
    route.roles.includes(role) &&
    (route.menuRoles === undefined || route.menuRoles.includes(role));
  const item = (route: ResolvedRoute): MenuItem => ({ id: route.id, to: route.fullPath, children: build(route.id) });
  const build = (parentId: string | undefined): MenuItem[] =>
    (byParent.get(parentId) ?? []).filter((route) => visible(route) && !route.menuGroup).map(item);
  const menu: MenuItem[] = [];
  for (const route of (byParent.get(undefined) ?? []).filter(visible)) {
    menu.push(item(route));
    const groups = new Map<string, MenuItem[]>();
    for (const child of (byParent.get(route.id) ?? []).filter(visible)) {
      if (!child.menuGroup) continue;
      groups.set(child.menuGroup, [...(groups.get(child.menuGroup) ?? []), item(child)]);
    }
    for (const [id, children] of groups) menu.push({ id, to: children[0]?.to ?? route.fullPath, children });
  }
  return menu;
}
