/**
 * An error the client may see: a stable code, an HTTP status and interpolation values for the
 * translated message `errors:<code>`. Anything else that escapes a handler is a 500 'INTERNAL'.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly params: Record<string, string | number> = {},
    readonly fields?: Record<string, string>,
    /** Sent as `error.details`: ids the client needs to offer a way out (never another family's data). */
    readonly details?: Record<string, string | number>,
  ) {
    super(code);
  }
}

export const badRequest = (code: string, params?: Record<string, string | number>) => new AppError(400, code, params);
export const unauthenticated = () => new AppError(401, "UNAUTHENTICATED");
export const forbidden = (code = "FORBIDDEN") => new AppError(403, code);
export const notFound = (code = "NOT_FOUND") => new AppError(404, code);
export const conflict = (code: string) => new AppError(409, code);
