/**
 * Spec 4 request statuses. A sent file's request starts Untreated; the staff workflow
 * moves it through the others. Labels: `common:requestStatus.<status>`.
 */
export const REQUEST_STATUSES = [
  "InProcess",
  "Untreated",
  "Accepted",
  "Validated",
  "Confirmed",
  "Finished",
  "Refused",
  "Discontinued",
  "Cancelled",
  "Restored",
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export function isRequestStatus(value: unknown): value is RequestStatus {
  return typeof value === "string" && (REQUEST_STATUSES as readonly string[]).includes(value);
}

/** A status read back from the database: one the list does not know is a bug, and fails loudly (500, logged). */
export function asRequestStatus(value: string): RequestStatus {
  if (!isRequestStatus(value)) throw new Error(`unknown request status in the database: ${value}`);
  return value;
}

/**
 * The statuses that mean the school took the child in: a request that ever reached one of them (now
 * or in its history) makes its file an enrollment record the school must keep (LOPDP art. 18
 * exceptions; docs/rules/data-protection.md "Erasure"). Refused, Discontinued or Cancelled before
 * any of them, Restored from those, Untreated and InProcess are applications only.
 */
export const ACCEPTED_STATUSES = [
  "Accepted",
  "Validated",
  "Confirmed",
  "Finished",
] as const satisfies readonly RequestStatus[];
