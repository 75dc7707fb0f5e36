import { rolesFor } from "@portal/shared/permissions";
import type { Role } from "@portal/shared/roles";
import { ALL_ROUTES } from "@portal/shared/route-access";

const pathOf = (id: string): string => {
  const route = ALL_ROUTES.find((candidate) => candidate.id === id);
  if (!route) throw new Error(`Unknown route ${id}`);
  return route.fullPath;
};

/** /portal/dashboards/inscriptions/request-bue-migration/<id>. */
export const bueMigrationPath = (requestId: number) =>
  pathOf("inscriptions.requestBueMigration").replace(":id", String(requestId));
export const requestDetailPath = (requestId: number) =>
  pathOf("inscriptions.requestDetail").replace(":id", String(requestId));
export const syncPath = () => pathOf("sync");

/** Exporting, importing and editing codes: syncManage's roles (Consulta only reads). */
export const canManageSync = (role: Role | null | undefined) => (role ? rolesFor("syncManage").includes(role) : false);

/** A stored ISO time in the reader's language and time zone. */
export function formatWhen(iso: string | null, language: string): string {
  if (!iso) return "";
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}
