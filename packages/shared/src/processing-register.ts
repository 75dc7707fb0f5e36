import { type PermissionName, rolesFor } from "./permissions.ts";
import type { RetentionKind } from "./retention.ts";
import { ROLES, type Role } from "./roles.ts";

/**
 * The portal's processing activities (LOPDP art. 51, the register of processing activities). Who
 * sees each one is derived from the API permissions that read its data, so the register changes
 * with permissions.ts; its texts are `processingRegister:activities.<id>.*`; how long its data is
 * kept comes from the retention periods named here.
 */
export const PROCESSING_ACTIVITIES = [
  {
    id: "enrollment",
    permissions: ["enrollmentOwn", "inscriptionsView", "reportsView", "documentsView", "syncView"],
    retention: ["applicants"],
  },
  { id: "medicalRecords", permissions: ["enrollmentOwn", "medicalRecordsView"], retention: ["medicalRecords"] },
  {
    id: "photosAndDocuments",
    permissions: ["enrollmentOwn", "inscriptionsView", "documentsView", "reportsView"],
    retention: ["applicantDocuments"],
  },
  {
    id: "elections",
    permissions: ["electionsView", "electionsVote", "electionsManage"],
    retention: ["electionRegisters"],
  },
  { id: "messaging", permissions: ["enrollmentOwn", "inscriptionsView"], retention: ["sentEmails"] },
  { id: "accountsSecurity", permissions: ["accountManage", "usersManage", "auditView"], retention: ["auditLog"] },
  {
    id: "dataRights",
    permissions: ["dataExportOwn", "dataRightsOwn", "dataRightsManage", "settingsManage"],
    retention: ["dataExports"],
  },
] as const satisfies readonly {
  id: string;
  permissions: readonly PermissionName[];
  retention: readonly RetentionKind[];
}[];

export type ProcessingActivityId = (typeof PROCESSING_ACTIVITIES)[number]["id"];

/** The roles that may read an activity's data, in the roles' own order. */
export function rolesOfActivity(permissions: readonly PermissionName[]): Role[] {
  const allowed = new Set(permissions.flatMap((permission) => rolesFor(permission)));
  return ROLES.filter((role) => allowed.has(role));
}
