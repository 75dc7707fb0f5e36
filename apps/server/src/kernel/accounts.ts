import { isLanguage } from "@portal/shared/languages";
import { ROLES, type Role } from "@portal/shared/roles";
import type { Selectable } from "kysely";
import { notifyChange } from "../db/change-notifier.ts";
import { type Db, nowIso } from "../db/database.ts";
import type { UsersTable } from "../db/types.ts";
import type { CurrentUser } from "../plugins/request-types.ts";
import { forgetUserSessions } from "./session-cache.ts";

export type UserRow = Selectable<UsersTable>;

export function toCurrentUser(row: UserRow): CurrentUser {
  return {
    id: row.id,
    email: row.email,
    firstSurname: row.first_surname,
    secondSurname: row.second_surname,
    names: row.names,
    phone: row.phone,
    language: isLanguage(row.language) ? row.language : "es",
    role: (ROLES as readonly string[]).includes(row.role) ? (row.role as Role) : "User",
    isTestData: row.is_test_data === 1,
    familyId: row.household_owner_id ?? row.id,
  };
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
}

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export interface NewUser {
  email: string;
  passwordHash: string;
  firstSurname: string;
  secondSurname: string;
  names: string;
  phone: string;
  language: string;
  role: Role;
  activated: boolean;
}

export async function insertUser(db: Db, user: NewUser): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto("users")
    .values({
      email: user.email,
      password_hash: user.passwordHash,
      first_surname: user.firstSurname,
      second_surname: user.secondSurname,
      names: user.names,
      phone: user.phone,
      language: user.language,
      role: user.role,
      // Test (Prueba) accounts flag their data so reports can leave it out.
      is_test_data: user.role === "Prueba" ? 1 : 0,
      activated_at: user.activated ? now : null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUser(
  db: Db,
  id: number,
  changes: Partial<{
    first_surname: string;
    second_surname: string;
    names: string;
    phone: string;
    language: string;
    password_hash: string;
    role: Role;
    activated_at: string;
    deactivated_at: string | null;
    mfa_secret: string | null;
    mfa_enabled_at: string | null;
    mfa_pending_secret: string | null;
    mfa_last_step: number | null;
    household_owner_id: number | null;
  }>,
): Promise<void> {
  const extra = changes.role ? { is_test_data: changes.role === "Prueba" ? 1 : 0 } : {};
  // Signed-in requests read the user from the session cache: it must not keep the old row.
  forgetUserSessions(id);
  await db
    .updateTable("users")
    .set({ ...changes, ...extra, updated_at: nowIso() })
    .where("id", "=", id)
    .execute();
  forgetUserSessions(id);
  // Other processes too (PostgreSQL); inside a transaction they hear it when it commits.
  await notifyChange(db, `user:${id}`);
}

/**
 * Notes a successful sign-in for the accounts list. Not through updateUser: no cached session
 * needs to forget the row for it, and updated_at stays the time of a real change.
 */
export async function recordLogin(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable("users").set({ last_login_at: at }).where("id", "=", id).execute();
}

/**
 * Ids of the active Admins: activated and not deactivated. With `lock` (PostgreSQL, inside a transaction) their rows stay
 * locked until it ends, in id order, so two role changes at once cannot both remove "the other" Admin.
 */
export async function activeAdminIds(db: Db, opts: { lock: boolean }): Promise<number[]> {
  const query = db
    .selectFrom("users")
    .select("id")
    .where("role", "=", "Admin")
    .where("activated_at", "is not", null)
    .where("deactivated_at", "is", null)
    .orderBy("id");
  const rows = await (opts.lock ? query.forUpdate() : query).execute();
  return rows.map((row) => row.id);
}

/** The accounts of a family: its first account (the family's id) and the one that joined it. */
export function findHouseholdAccounts(db: Db, familyId: number) {
  return db
    .selectFrom("users")
    .select(["id", "email", "names", "first_surname", "second_surname", "household_owner_id", "language"])
    .where((eb) => eb.or([eb("id", "=", familyId), eb("household_owner_id", "=", familyId)]))
    .where("deactivated_at", "is", null)
    .orderBy("id")
    .execute();
}
