import { ALL_ROUTES } from "@portal/shared/route-access";

/** A path of the shared route table, its `:id` filled in (no import from another feature). */
export function pathOf(routeId: string, id?: number): string {
  const route = ALL_ROUTES.find((candidate) => candidate.id === routeId);
  if (!route) throw new Error(`Unknown route ${routeId}`);
  return id === undefined ? route.fullPath : route.fullPath.replace(":id", String(id));
}

export function userDetailPath(id: number): string {
  return pathOf("settings.userDetail", id);
}
