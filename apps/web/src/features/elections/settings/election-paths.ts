import { ALL_ROUTES } from "@portal/shared/route-access";

/** A screen of the elections' settings, for one election (`?election=`), from the route table. */
export function electionSettingsPath(routeId: string, electionId?: number): string {
  const route = ALL_ROUTES.find((candidate) => candidate.id === routeId);
  if (!route) throw new Error(`Unknown route ${routeId}`);
  return electionId === undefined ? route.fullPath : `${route.fullPath}?election=${electionId}`;
}
