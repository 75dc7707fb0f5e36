/** An API failure as the server described it (docs/api.md error body), or a network failure. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  /** Ids a few errors carry to offer a way out (STUDENT_ALREADY_IN_FAMILY: the student to continue with). */
  readonly details: Record<string, string | number>;

  constructor(
    status: number,
    code: string,
    message: string,
    fields: Record<string, string> = {},
    details: Record<string, string | number> = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.details = details;
  }
}

/** Status 0: the request never got an HTTP answer (offline, server down). */
export const NETWORK_ERROR = "NETWORK_ERROR";

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True when the error carries one of the given stable codes. */
export function hasErrorCode(error: unknown, ...codes: string[]): error is ApiError {
  return isApiError(error) && codes.includes(error.code);
}
