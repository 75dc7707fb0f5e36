import type { RequestStatus } from "@portal/shared/request-status";
import type { Role } from "@portal/shared/roles";
import { WORKFLOW, WORKFLOW_ACTIONS, type WorkflowAction } from "@portal/shared/workflow";

/** One way out of a status: the action, where it leads, and who may take it from there. */
export interface StatusTransition {
  action: WorkflowAction;
  to: RequestStatus;
  roles: readonly Role[];
}

/**
 * The staff's ways out of `status`, read from THE transition table (packages/shared/src/workflow.ts)
 * in its order: the page shows the rules the server enforces, never a copy of them.
 */
export function transitionsFrom(status: RequestStatus): StatusTransition[] {
  return WORKFLOW_ACTIONS.flatMap((action) => {
    const rule = WORKFLOW[action];
    const roles = rule.from[status];
    return roles ? [{ action, to: rule.to, roles }] : [];
  });
}
