import { sql } from "kysely";
import type { Db } from "../../db/database.ts";
import { escapeLike } from "../requests/search-text.ts";

/** What narrows the audit log; every part optional. Dates are ISO instants (UTC). */
export interface AuditFilter {
  /** Part of the e-mail or the name of who acted / whom the event concerns, any case. */
  actor?: string;
  subject?: string;
  event?: string;
  /** A request: its id (digits) and/or its code, as the details JSON holds them. */
  record?: { id: number | null; code: string };
  /** Included lower bound and excluded upper bound of `created_at`. */
  fromIso?: string;
  toIso?: string;
}

/** One audit row with the two people it names, joined from users (null when gone or none). */
export interface AuditRow {
  id: number;
  event: string;
  ip: string;
  details: string | null;
  created_at: string;
  actor_id: number | null;
  actor_email: string | null;
  actor_name: string | null;
  subject_id: number | null;
  subject_email: string | null;
  subject_name: string | null;
}

const contains = (value: string) => `%${escapeLike(value.toLowerCase())}%`;

/** `lower(text) like pattern`: PostgreSQL's LIKE minds case, SQLite's only for non-ASCII. */
const personMatches = (alias: "actor" | "subject", text: string) =>
  sql<boolean>`(lower(${sql.ref(`${alias}.email`)}) like ${contains(text)} escape '\\' or lower(${sql.ref(`${alias}.names`)} || ' ' || ${sql.ref(`${alias}.first_surname`)} || ' ' || ${sql.ref(`${alias}.second_surname`)}) like ${contains(text)} escape '\\')`;

/**
 * The request filter reads the details JSON as text (JSON.stringify writes no spaces): the log is
 * append-only and bounded by the dates the page suggests, so a scan is acceptable and no column or
 * migration is needed (docs/rules/accounts-and-security.md "Audit log").
 */
function recordMatches(record: { id: number | null; code: string }) {
  const text = sql`lower(coalesce(a.details, ''))`;
  const code = sql<boolean>`${text} like ${`%"code":"${escapeLike(record.code.toLowerCase())}"%`} escape '\\'`;
  if (record.id === null) return code;
  // The id closes the key's value: 12 must not match 123.
  return sql<boolean>`(${code} or ${text} like ${`%"requestid":${record.id},%`} or ${text} like ${`%"requestid":${record.id}}%`})`;
}

function filtered(db: Db, filter: AuditFilter) {
  let q = db
    .selectFrom("audit_events as a")
    .leftJoin("users as actor", "actor.id", "a.actor_user_id")
    .leftJoin("users as subject", "subject.id", "a.subject_user_id");
  if (filter.event) q = q.where("a.event", "=", filter.event);
  if (filter.fromIso) q = q.where("a.created_at", ">=", filter.fromIso);
  if (filter.toIso) q = q.where("a.created_at", "<", filter.toIso);
  const { actor, subject, record } = filter;
  if (actor) q = q.where(personMatches("actor", actor));
  if (subject) q = q.where(personMatches("subject", subject));
  if (record) q = q.where(recordMatches(record));
  return q;
}

function withColumns(db: Db, filter: AuditFilter) {
  return filtered(db, filter).select([
    "a.id",
    "a.event",
    "a.ip",
    "a.details",
    "a.created_at",
    "actor.id as actor_id",
    "actor.email as actor_email",
    sql<string | null>`actor.names || ' ' || actor.first_surname || ' ' || actor.second_surname`.as("actor_name"),
    "subject.id as subject_id",
    "subject.email as subject_email",
    sql<string | null>`subject.names || ' ' || subject.first_surname || ' ' || subject.second_surname`.as(
      "subject_name",
    ),
  ]);
}

export async function countAuditEvents(db: Db, filter: AuditFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Newest first (ids grow with time). */
export function listAuditEvents(db: Db, filter: AuditFilter, limit: number, offset: number): Promise<AuditRow[]> {
  return withColumns(db, filter).orderBy("a.id", "desc").limit(limit).offset(offset).execute();
}

/** The next batch of the export, older than `beforeId` (keyset: no deep OFFSET over a long log). */
export function auditEventsBefore(db: Db, filter: AuditFilter, beforeId: number | null, limit: number) {
  let q = withColumns(db, filter);
  if (beforeId !== null) q = q.where("a.id", "<", beforeId);
  return q.orderBy("a.id", "desc").limit(limit).execute() as Promise<AuditRow[]>;
}
