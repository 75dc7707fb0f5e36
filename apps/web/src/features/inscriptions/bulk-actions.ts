import type { RequestStatus } from "@portal/shared/request-status";
import type { Role } from "@portal/shared/roles";
import { BULK_ACTIONS, type BulkAction, transition } from "@portal/shared/workflow";

/**
 * The bulk actions worth offering: those the role may take from at least one status the list can
 * hold (its fixed statuses, else the statuses on the page). Each record is still checked by the
 * server on its own.
 */
export function bulkActionsFor(statuses: readonly RequestStatus[], role: Role): BulkAction[] {
  return BULK_ACTIONS.filter((action) => statuses.some((status) => transition(status, action, role) !== null));
}
