import { sql } from "kysely";
import { isPostgres } from "../database.ts";
import type { AnyDb } from "./schema-helpers.ts";

/*
 * Several server processes on one PostgreSQL (db/change-notifier.ts): the trigger
 * function of migration 0004 that bumps `request_list_version` also notifies `requests` on the
 * changes channel, so every process's list cache hears of a change as it commits, whoever made it
 * (a server, a command-line seed, psql). The trigger runs deferred, at the commit, after the row
 * lock on the version that already orders these commits; PostgreSQL sends one notification per
 * transaction however many rows it changed. SQLite (one process) keeps its triggers as they are.
 */

const BUMP =
  "insert into request_list_version (id, version) values (1, 1) " +
  "on conflict (id) do update set version = request_list_version.version + 1";

async function replaceFunction(db: AnyDb, body: string): Promise<void> {
  await sql`create or replace function request_list_version_bump() returns trigger language plpgsql as $$
    begin ${sql.raw(body)}; return null; end $$`.execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  // The channel's name is db/change-notifier.ts's CHANGES_CHANNEL, written out: a migration stays as it ran.
  await replaceFunction(db, `${BUMP}; perform pg_notify('portal_changes', 'requests')`);
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await replaceFunction(db, BUMP);
}
