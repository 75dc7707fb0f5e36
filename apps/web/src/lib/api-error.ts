/** An API failure as the server described it (docs/api.md error body), or a network failure. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
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
