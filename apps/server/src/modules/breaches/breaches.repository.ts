import { FAMILY_ROLES } from "@portal/shared/roles";
import { type Selectable, sql } from "kysely";
import type { Db } from "../../db/database.ts";
import type { BreachesTable } from "../../db/types.ts";

/** The breach register's queries (docs/rules/data-protection.md "Breach register"). */

export type BreachRow = Selectable<BreachesTable>;

/** What the Admin's form writes; the notifications and the notice have their own updates. */
export type BreachValues = Pick<
  BreachRow,
  | "title"
  | "description"
  | "occurred_at"
  | "discovered_at"
  | "categories"
  | "family_scope"
  | "school_year_id"
  | "rights_at_risk"
  | "measures"
  | "contact"
>;

export function listBreaches(db: Db): Promise<BreachRow[]> {
  return db.selectFrom("breaches").selectAll().orderBy("discovered_at", "desc").orderBy("id", "desc").execute();
}

export function findBreach(db: Db, id: number): Promise<BreachRow | undefined> {
  return db.selectFrom("breaches").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertBreach(db: Db, values: BreachValues, userId: number, now: string): Promise<number> {
  const row = await db
    .insertInto("breaches")
    .values({ ...values, created_by: userId, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Applies `changes` if the row is still at `version`; false when someone changed it since. */
export async function updateBreach(
  db: Db,
  id: number,
  version: number,
  changes: Partial<BreachValues> &
    Partial<Pick<BreachRow, "authority_notified_on" | "authority_reference" | "notice_texts" | "families_notified_at">>,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable("breaches")
    .set({ ...changes, updated_at: now, version: version + 1 })
    .where("id", "=", id)
    .where("version", "=", version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Replaces the families picked one by one. */
export async function setBreachFamilies(db: Db, breachId: number, familyIds: number[]): Promise<void> {
  await db.deleteFrom("breach_families").where("breach_id", "=", breachId).execute();
  for (let start = 0; start < familyIds.length; start += 500) {
    const chunk = familyIds.slice(start, start + 500);
    await db
      .insertInto("breach_families")
      .values(chunk.map((family_user_id) => ({ breach_id: breachId, family_user_id })))
      .execute();
  }
}

export interface FamilyRow {
  id: number;
  names: string;
  first_surname: string;
  email: string;
}

const familyColumns = ["users.id", "users.names", "users.first_surname", "users.email"] as const;

/** Family accounts (the household's own, not a second parent's) among `ids`: unknown ids drop out. */
export function familiesByIds(db: Db, ids: number[]): Promise<FamilyRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("users")
    .select(familyColumns)
    .where("users.id", "in", ids)
    .where("users.role", "in", FAMILY_ROLES)
    .where("users.household_owner_id", "is", null)
    .orderBy("users.first_surname")
    .orderBy("users.id")
    .execute();
}

export function selectedFamilies(db: Db, breachId: number): Promise<FamilyRow[]> {
  return db
    .selectFrom("breach_families as bf")
    .innerJoin("users", "users.id", "bf.family_user_id")
    .select(familyColumns)
    .where("bf.breach_id", "=", breachId)
    .orderBy("users.first_surname")
    .orderBy("users.id")
    .execute();
}

/** Every family with a file (sent or not) in the school year. */
export function schoolYearFamilies(db: Db, schoolYearId: number): Promise<FamilyRow[]> {
  return db
    .selectFrom("users")
    .select(familyColumns)
    .where("users.role", "in", FAMILY_ROLES)
    .where("users.household_owner_id", "is", null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("enrollment_files as f")
          .innerJoin("students as s", "s.id", "f.student_id")
          .select("f.id")
          .whereRef("s.family_user_id", "=", "users.id")
          .where("f.school_year_id", "=", schoolYearId),
      ),
    )
    .orderBy("users.first_surname")
    .orderBy("users.id")
    .execute();
}

export async function schoolYearExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom("school_years").select("id").where("id", "=", id).executeTakeFirst());
}

/**
 * Family accounts whose name, e-mail or a child's name holds every word (lower-cased, LIKE
 * wildcards escaped by the caller).
 */
export function searchFamilies(db: Db, words: string[], limit: number): Promise<FamilyRow[]> {
  let query = db
    .selectFrom("users")
    .select(familyColumns)
    .where("users.role", "in", FAMILY_ROLES)
    .where("users.household_owner_id", "is", null);
  for (const word of words) {
    const pattern = `%${word}%`;
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(users.names || ' ' || users.first_surname || ' ' || users.second_surname || ' ' || users.email) like ${pattern} escape '\\'`,
        eb.exists(
          eb
            .selectFrom("students as s")
            .select("s.id")
            .whereRef("s.family_user_id", "=", "users.id")
            .where(sql<boolean>`lower(s.student_name) like ${pattern} escape '\\'`),
        ),
      ]),
    );
  }
  return query.orderBy("users.first_surname").orderBy("users.id").limit(limit).execute();
}

/** The accounts that read a family's mail: its own and its second parents', active ones. */
export function familyAccounts(db: Db, familyIds: number[]) {
  if (familyIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("users")
    .select(["id", "email", "language", "names", "first_surname", "household_owner_id"])
    .where((eb) => eb.or([eb("id", "in", familyIds), eb("household_owner_id", "in", familyIds)]))
    .where("deactivated_at", "is", null)
    .orderBy("id")
    .execute();
}

export async function insertNotice(
  db: Db,
  row: {
    breachId: number;
    familyId: number;
    userId: number | null;
    outboxId: number | null;
    language: string;
    now: string;
  },
): Promise<void> {
  await db
    .insertInto("breach_notices")
    .values({
      breach_id: row.breachId,
      family_user_id: row.familyId,
      user_id: row.userId,
      outbox_id: row.outboxId,
      language: row.language,
      created_at: row.now,
    })
    .execute();
}

/** The send report: each notified family's e-mails and their delivery status in the outbox. */
export function noticeDeliveries(db: Db, breachId: number) {
  return db
    .selectFrom("breach_notices as n")
    .innerJoin("users as f", "f.id", "n.family_user_id")
    .leftJoin("mail_outbox as m", "m.id", "n.outbox_id")
    .select(["n.family_user_id", "f.names", "f.first_surname", "n.user_id", "n.outbox_id", "m.status"])
    .where("n.breach_id", "=", breachId)
    .orderBy("f.first_surname")
    .orderBy("n.family_user_id")
    .execute();
}

/** The Admins a reminder goes to. */
export function activeAdmins(db: Db) {
  return db
    .selectFrom("users")
    .select(["id", "email", "language"])
    .where("role", "=", "Admin")
    .where("deactivated_at", "is", null)
    .where("activated_at", "is not", null)
    .orderBy("id")
    .execute();
}

/** Breaches with a clock still open: the Authority not notified, or the families not yet. */
export function openBreaches(db: Db): Promise<BreachRow[]> {
  return db
    .selectFrom("breaches")
    .selectAll()
    .where((eb) =>
      eb.or([
        eb("authority_notified_on", "is", null),
        eb.and([eb("rights_at_risk", "=", 1), eb("families_notified_at", "is", null)]),
      ]),
    )
    .orderBy("id")
    .execute();
}

/** Claims today's reminder of a breach: false when one went out today already (any process). */
export async function claimReminder(db: Db, breachId: number, day: string, now: string): Promise<boolean> {
  const result = await db
    .insertInto("breach_reminders")
    .values({ breach_id: breachId, day, created_at: now })
    .onConflict((oc) => oc.columns(["breach_id", "day"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}
