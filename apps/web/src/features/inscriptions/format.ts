import { PERMISSIONS } from "@portal/shared/permissions";
import type { Role } from "@portal/shared/roles";

/** Whether a role changes statuses (permission `inscriptionsManage`): Consulta only reads. */
export function canManageRequests(role: Role | null | undefined): boolean {
  return role !== null && role !== undefined && (PERMISSIONS.inscriptionsManage as readonly Role[]).includes(role);
}

/** A date and time in the UI language, in the browser's time zone. */
export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: "short", timeStyle: "short" }).format(date);
}

export function formatDate(iso: string | null | undefined, language: string): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: "short" }).format(date);
}
