/**
 * Whether a write failed on a unique key (PostgreSQL's 23505, SQLite's constraint errors): the
 * losing side of a race that a unique index decides (a vote, a hand-in, a student's
 * identification).
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = String((error as { code?: unknown })?.code ?? "");
  return code === "23505" || code.startsWith("SQLITE_CONSTRAINT");
}
