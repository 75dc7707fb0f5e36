import type { RequestStatus } from "./request-status.ts";
import type { Role } from "./roles.ts";

/**
 * The staff workflow of a request (the spec lists the statuses and actions, not the
 * transitions: this table is ours, written out in docs/rules/staff-workflow.md "Status transitions"). The server refuses anything
 * the table does not allow (409 TRANSITION_NOT_ALLOWED) and the UI offers only what it allows.
 *
 * - `InProcess → Untreated` is not a staff action: it happens when the family sends its file
 *   (again, after a correction request).
 * - `requestCorrection` sends the request back to the family (`InProcess`) with a message and the
 *   steps it reopens; nothing else is possible until the family sends it again.
 * - `Finished` is final, except that an Admin may cancel it.
 *
 * Labels: `common:workflowAction.<action>`.
 */
export const WORKFLOW_ACTIONS = [
  "accept",
  "refuse",
  "discontinue",
  "cancel",
  "requestCorrection",
  "validate",
  "confirm",
  "finish",
  "restore",
] as const;
export type WorkflowAction = (typeof WORKFLOW_ACTIONS)[number];

export function isWorkflowAction(value: unknown): value is WorkflowAction {
  return typeof value === "string" && (WORKFLOW_ACTIONS as readonly string[]).includes(value);
}

/** Who changes statuses (permission `inscriptionsManage`): Consulta only reads, Editor has no access. */
const MANAGERS: readonly Role[] = ["Admin", "Secretaria"];
const ADMIN_ONLY: readonly Role[] = ["Admin"];

export interface WorkflowRule {
  /** The status the action leads to. */
  to: RequestStatus;
  /** The statuses the action may start from, each with the roles that may take it from there. */
  from: Partial<Record<RequestStatus, readonly Role[]>>;
}

/** THE table: action → from-statuses (with their roles) → to-status. */
export const WORKFLOW: Record<WorkflowAction, WorkflowRule> = {
  accept: { to: "Accepted", from: { Untreated: MANAGERS, Restored: MANAGERS } },
  refuse: { to: "Refused", from: { Untreated: MANAGERS, Restored: MANAGERS, Accepted: MANAGERS } },
  /** The spec's "Suspend". */
  discontinue: {
    to: "Discontinued",
    from: { Untreated: MANAGERS, Restored: MANAGERS, Accepted: MANAGERS, Validated: MANAGERS, Confirmed: MANAGERS },
  },
  cancel: {
    to: "Cancelled",
    from: {
      Untreated: MANAGERS,
      Restored: MANAGERS,
      Accepted: MANAGERS,
      Validated: MANAGERS,
      Confirmed: MANAGERS,
      Finished: ADMIN_ONLY,
    },
  },
  /** The spec's "request user correction": back to the family, only the chosen steps reopen. */
  requestCorrection: {
    to: "InProcess",
    from: { Untreated: MANAGERS, Restored: MANAGERS, Accepted: MANAGERS, Validated: MANAGERS },
  },
  /** The spec's "validate student record". */
  validate: { to: "Validated", from: { Accepted: MANAGERS } },
  confirm: { to: "Confirmed", from: { Validated: MANAGERS } },
  /** The UI asks 'Are you sure you want to finish the process?' first. */
  finish: { to: "Finished", from: { Confirmed: MANAGERS } },
  restore: { to: "Restored", from: { Refused: MANAGERS, Discontinued: MANAGERS, Cancelled: MANAGERS } },
};

/** The status `action` leads to from `status` for `role`, or null when the table does not allow it. */
export function transition(status: string, action: WorkflowAction, role: Role): RequestStatus | null {
  const rule = WORKFLOW[action];
  const roles = Object.hasOwn(rule.from, status) ? rule.from[status as RequestStatus] : undefined;
  return roles?.includes(role) ? rule.to : null;
}

/** The actions `role` may take on a request in `status`, in the table's order (what the UI offers). */
export function allowedActions(status: string, role: Role): WorkflowAction[] {
  return WORKFLOW_ACTIONS.filter((action) => transition(status, action, role) !== null);
}

/** Bulk status change takes every action except `requestCorrection`, which needs steps and a message. */
export const BULK_ACTIONS = [
  "accept",
  "refuse",
  "discontinue",
  "cancel",
  "validate",
  "confirm",
  "finish",
  "restore",
] as const satisfies readonly Exclude<WorkflowAction, "requestCorrection">[];
export type BulkAction = (typeof BULK_ACTIONS)[number];

/**
 * The actions that stop a family's request (Refuse, Suspend, Cancel) need a reason: the family's
 * e-mail says it, so nobody is told "Refused" and nothing else (docs/rules/staff-workflow.md "Status transitions").
 */
export const REASON_REQUIRED_ACTIONS = ["refuse", "discontinue", "cancel"] as const satisfies readonly BulkAction[];

export function requiresReason(action: string): boolean {
  return (REASON_REQUIRED_ACTIONS as readonly string[]).includes(action);
}

/**
 * What a history row may record: a workflow action, the family sending its file again after a
 * correction (`send`), or the internal-review flag set or cleared (the status does not change).
 * Labels: `common:workflowAction.<action>`.
 */
export const HISTORY_ACTIONS = [...WORKFLOW_ACTIONS, "send", "flagInternalReview", "resolveInternalReview"] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];
