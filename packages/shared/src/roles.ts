/** Stored role values. `Prueba` is the Test role: a family whose data is flagged as test data. */
export const ROLES = ["Admin", "Editor", "User", "Secretaria", "Consulta", "Prueba"] as const;
export type Role = (typeof ROLES)[number];

/** Roles that act as a family (own students, enrollment wizard). */
export const FAMILY_ROLES: readonly Role[] = ["User", "Prueba"];
/** School staff roles. */
export const STAFF_ROLES: readonly Role[] = ["Admin", "Secretaria", "Consulta", "Editor"];

export function isFamilyRole(role: Role): boolean {
  return FAMILY_ROLES.includes(role);
}

/** Where a user lands after login when no other destination was asked for. */
export function homePathFor(role: Role): string {
  return isFamilyRole(role) ? "/portal/inscripciones/bienvenido" : "/portal/dashboard";
}
