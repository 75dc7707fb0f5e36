import type { UserListQuery, UserState } from "@portal/shared/schemas/users";
import { type ExpressionBuilder, sql } from "kysely";
import type { Db } from "../../db/database.ts";
import type { Database } from "../../db/types.ts";
import { THROTTLE } from "../auth/throttle.ts";

/** At most this many words of a search are used (each must match somewhere in the row). */
const MAX_WORDS = 8;

export interface UserListRow {
  id: number;
  names: string;
  first_surname: string;
  second_surname: string;
  email: string;
  role: string;
  language: string;
  created_at: string;
  last_login_at: string | null;
  activated_at: string | null;
  deactivated_at: string | null;
  locked: number;
}

type Eb = ExpressionBuilder<Database, "users">;

/**
 * Sign-ins throttled right now (modules/auth/throttle.ts): the account's login counter is in its
 * live window and used up. Read here so the list can show and filter "locked" accounts.
 */
function lockedExpression(eb: Eb, now: number) {
  const rule = THROTTLE.loginAccount;
  const cutoff = new Date(now - rule.windowMs).toISOString();
  return eb.exists(
    eb
      .selectFrom("rate_limits")
      .select("rate_limits.key")
      .whereRef("rate_limits.key", "=", sql<string>`${`${rule.name}:`} || users.email`)
      .where("rate_limits.window_start", ">", cutoff)
      .where("rate_limits.count", ">=", rule.limit),
  );
}

function stateFilter(eb: Eb, state: UserState, now: number) {
  switch (state) {
    case "inactive":
      return eb("users.deactivated_at", "is not", null);
    case "notActivated":
      return eb.and([eb("users.deactivated_at", "is", null), eb("users.activated_at", "is", null)]);
    case "locked":
      return eb.and([eb("users.deactivated_at", "is", null), lockedExpression(eb, now)]);
    case "active":
      return eb.and([
        eb("users.deactivated_at", "is", null),
        eb("users.activated_at", "is not", null),
        eb.not(lockedExpression(eb, now)),
      ]);
  }
}

/** Words of a search, lower-cased, with the LIKE wildcards escaped. */
export function searchWords(q: string | undefined): string[] {
  if (!q) return [];
  return q
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, MAX_WORDS)
    .map((word) => word.replace(/[\\%_]/g, (c) => `\\${c}`));
}

/** The columns of a list row, `locked` computed from the throttle counters. */
function withListColumns<Q extends ReturnType<typeof usersFrom>>(base: Q, now: number) {
  return base.select((eb) => [
    "users.id",
    "users.names",
    "users.first_surname",
    "users.second_surname",
    "users.email",
    "users.role",
    "users.language",
    "users.created_at",
    "users.last_login_at",
    "users.activated_at",
    "users.deactivated_at",
    eb.case().when(lockedExpression(eb, now)).then(1).else(0).end().as("locked"),
  ]);
}

const usersFrom = (db: Db) => db.selectFrom("users");

/** One account as a list row (the detail page's header), or undefined. */
export async function findUserListRow(db: Db, id: number, now = Date.now()): Promise<UserListRow | undefined> {
  const row = await withListColumns(usersFrom(db).where("users.id", "=", id), now).executeTakeFirst();
  return row as UserListRow | undefined;
}

/** One page of accounts and the total matching the filters. */
export async function listUsers(
  db: Db,
  query: UserListQuery,
  now = Date.now(),
): Promise<{ rows: UserListRow[]; total: number }> {
  const words = searchWords(query.q);
  const haystack = sql<string>`lower(users.names || ' ' || users.first_surname || ' ' || users.second_surname || ' ' || users.email)`;
  let base = usersFrom(db);
  for (const word of words) {
    base = base.where(sql<boolean>`${haystack} like ${`%${word}%`} escape '\\'`);
  }
  if (query.role) base = base.where("users.role", "=", query.role);
  if (query.state) {
    const state = query.state;
    base = base.where((eb) => stateFilter(eb, state, now));
  }
  const total = await base.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow();

  const dateSort = query.sort === "lastLogin" || query.sort === "createdAt";
  const order = query.order ?? (dateSort ? "desc" : "asc");
  let page = withListColumns(base, now);
  switch (query.sort) {
    case "name":
      page = page
        .orderBy("users.first_surname", order)
        .orderBy("users.second_surname", order)
        .orderBy("users.names", order);
      break;
    case "email":
      page = page.orderBy("users.email", order);
      break;
    case "lastLogin":
      // Never signed in goes last whatever the order (the engines disagree on where nulls sort).
      page = page
        .orderBy(sql`case when users.last_login_at is null then 1 else 0 end`)
        .orderBy("users.last_login_at", order);
      break;
    case "createdAt":
      page = page.orderBy("users.created_at", order);
      break;
  }
  const rows = await page
    .orderBy("users.id", order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  return { rows: rows as UserListRow[], total: Number(total.n) };
}
