/**
 * Tells a database that cannot answer right now (connection lost or refused, server shutting
 * down, disk full or failing, lock not granted in time) from an error in the query or the data.
 * The former answers 503 DATABASE_UNAVAILABLE (retry later); the latter stays what it is
 * (a constraint violation is a bug or a 409, never "try again").
 */

/** PostgreSQL SQLSTATEs: 08 connection exception, 57P0x shutdown, dropped or cannot connect, 53 insufficient resources. */
const PG_UNAVAILABLE_STATE = /^(08...|57P0\d|53...)$/;
/** Node's socket errors when the server is down, unreachable or cuts the connection. */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/** pg's own errors, which carry no code: a connection that died under a query, a pool that cannot connect in time. */
const PG_MESSAGES = [
  "Connection terminated",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
  "timeout exceeded when trying to connect",
  "Connection terminated due to connection timeout",
];
/** better-sqlite3 codes: locked past busy_timeout, I/O failure, disk full, file gone. */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (SQLITE_UNAVAILABLE.test(code) || SOCKET_CODES.has(code)) return true;
    // A SQLSTATE is five characters; constraint violations (23xxx) and the rest stay errors.
    if (code.length === 5 && PG_UNAVAILABLE_STATE.test(code)) return true;
  }
  return PG_MESSAGES.some((message) => error.message.startsWith(message));
}
