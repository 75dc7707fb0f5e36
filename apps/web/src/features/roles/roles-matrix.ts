import { PERMISSIONS, type PermissionName } from "@portal/shared/permissions";
import { ROLES, type Role } from "@portal/shared/roles";
import { ALL_ROUTES } from "@portal/shared/route-access";

/**
 * The roles page's two tables, computed from the shared rules themselves (no second copy): the
 * API permissions of permissions.ts, and the built screens of the route table with the roles that
 * finally apply to each (route-access.ts, parents' roles included).
 */
export interface MatrixRow<Id extends string = string> {
  id: Id;
  /** One entry per role of ROLES, in that order. */
  allowed: Record<Role, boolean>;
}

function allowedFor(roles: readonly Role[]): Record<Role, boolean> {
  return Object.fromEntries(ROLES.map((role) => [role, roles.includes(role)])) as Record<Role, boolean>;
}

export function permissionMatrix(): MatrixRow<PermissionName>[] {
  return (Object.keys(PERMISSIONS) as PermissionName[]).map((id) => ({ id, allowed: allowedFor(PERMISSIONS[id]) }));
}

/**
 * Every built screen that needs a session, in the route table's order. Planned screens are left
 * out (they only show "coming soon"), and so are public ones (anybody may open them).
 */
export function screenMatrix(): MatrixRow[] {
  return ALL_ROUTES.filter((route) => route.access === "protected" && route.status === "built").map((route) => ({
    id: route.id,
    allowed: allowedFor(route.roles),
  }));
}
