import { PERMISSIONS } from "@portal/shared/permissions";
import type { Role } from "@portal/shared/roles";
import { formatInstant, formatInstantDay } from "../../lib/dates.ts";

/** Whether a role changes statuses (permission `inscriptionsManage`): Consulta only reads. */
export function canManageRequests(role: Role | null | undefined): boolean {
  return role !== null && role !== undefined && (PERMISSIONS.inscriptionsManage as readonly Role[]).includes(role);
}

/** A date and time (DD/MM/YYYY HH:mm, lib/dates.ts) in the browser's time zone. */
export function formatDateTime(iso: string | null | undefined, language: string): string {
  return formatInstant(iso, language);
}

/** The day of an instant, DD/MM/YYYY, in the browser's time zone. */
export function formatDate(iso: string | null | undefined, language: string): string {
  return formatInstantDay(iso, language);
}
