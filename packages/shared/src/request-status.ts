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
