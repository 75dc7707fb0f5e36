import type { CreateTableBuilder, Kysely } from "kysely";
import { isPostgres } from "../database.ts";

/*
 * Helpers every migration uses. Frozen: old migrations run them on every fresh install, so their
 * behaviour must never change; add a new helper instead of editing one.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed Kysely<any> so old ones never follow new types.
export type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: a builder over any table.
export type AnyTable = CreateTableBuilder<any, any>;

/** An auto-incrementing integer primary key named `id`, on either engine. */
export function withId(db: AnyDb, table: AnyTable): AnyTable {
  return isPostgres(db)
    ? table.addColumn("id", "serial", (col) => col.primaryKey())
    : table.addColumn("id", "integer", (col) => col.primaryKey().autoIncrement());
}
