import type { ReminderCause } from "@portal/shared/schemas/reminders";
import { sql } from "kysely";
import type { Db } from "../../db/database.ts";

/** The statuses that end a request's reminders: the family withdrew, or the school refused or cancelled it. */
export const ENDED_STATUSES = ["Refused", "Discontinued", "Cancelled"];

/** Files started and not sent in those years, by a family that is not test data. */
export function findDraftFiles(db: Db, yearIds: number[]) {
  if (yearIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("enrollment_files as f")
    .innerJoin("students as s", "s.id", "f.student_id")
    .innerJoin("school_years as y", "y.id", "f.school_year_id")
    .select(["f.id", "f.created_at", "s.family_user_id", "s.student_name", "y.label as year"])
    .where("f.status", "=", "draft")
    .where("f.school_year_id", "in", yearIds)
    .where("s.is_test_data", "=", 0)
    .orderBy("f.id")
    .execute();
}

/** Requests of those years whose photo is rejected and not replaced, still under way. */
export function findRejectedPhotos(db: Db, yearIds: number[]) {
  if (yearIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("requests as r")
    .innerJoin("users as u", "u.id", "r.user_id")
    .innerJoin("school_years as y", "y.id", "r.school_year_id")
    .select([
      "r.id",
      "r.code",
      "r.student_name",
      "y.label as year",
      sql<string>`coalesce(r.photo_reviewed_at, r.updated_at)`.as("rejected_at"),
      sql<number>`coalesce(u.household_owner_id, u.id)`.as("family_user_id"),
    ])
    .where("r.photo_status", "=", "rejected")
    .where("r.school_year_id", "in", yearIds)
    .where("r.is_test_data", "=", 0)
    .where("r.request_status", "not in", ENDED_STATUSES)
    .orderBy("r.id")
    .execute();
}

export function isEndedStatus(status: string): boolean {
  return ENDED_STATUSES.includes(status);
}

/** The family (the household's first account) each of these accounts belongs to. */
export async function familiesOf(db: Db, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("users")
    .select(["id", sql<number>`coalesce(household_owner_id, id)`.as("family_user_id")])
    .where("id", "in", [...new Set(userIds)])
    .execute();
  return new Map(rows.map((row) => [row.id, Number(row.family_user_id)]));
}

/**
 * The accounts of a family that get its reminders: the first account and a second parent's,
 * active, activated, of the family role (a Test-role account never gets one), first account first.
 */
export function familyAccounts(db: Db, familyUserId: number) {
  return db
    .selectFrom("users")
    .select(["id", "email", "language", "names", "first_surname"])
    .where((eb) => eb.or([eb("id", "=", familyUserId), eb("household_owner_id", "=", familyUserId)]))
    .where("role", "=", "User")
    .where("is_test_data", "=", 0)
    .where("deactivated_at", "is", null)
    .where("activated_at", "is not", null)
    .orderBy(sql`case when id = ${familyUserId} then 0 else 1 end`)
    .orderBy("id")
    .execute();
}

/** The reminders already sent for these subjects of one cause: when each episode began, and when sent. */
export async function findSentItems(db: Db, cause: ReminderCause, subjectIds: number[]) {
  const rows: { subject_id: number; started_at: string; day: string }[] = [];
  for (let i = 0; i < subjectIds.length; i += 500) {
    rows.push(
      ...(await db
        .selectFrom("reminder_items as i")
        .innerJoin("reminder_mails as m", "m.id", "i.mail_id")
        .select(["i.subject_id", "i.started_at", "m.day"])
        .where("i.cause", "=", cause)
        .where("i.subject_id", "in", subjectIds.slice(i, i + 500))
        .execute()),
    );
  }
  return rows;
}

/**
 * Claims the family's reminder of `day`: the row, or undefined when one exists already (another
 * process, or an earlier run of the same day). The unique (family, day) decides, not memory.
 */
export async function claimFamilyDay(
  db: Db,
  row: { familyUserId: number; day: string; language: string; now: string },
): Promise<number | undefined> {
  const inserted = await db
    .insertInto("reminder_mails")
    .values({ family_user_id: row.familyUserId, day: row.day, language: row.language, created_at: row.now })
    .onConflict((oc) => oc.columns(["family_user_id", "day"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted?.id;
}

export async function insertReminderItems(
  db: Db,
  mailId: number,
  items: { cause: ReminderCause; subjectId: number; startedAt: string; requestId: number | null }[],
): Promise<void> {
  await db
    .insertInto("reminder_items")
    .values(
      items.map((item) => ({
        mail_id: mailId,
        cause: item.cause,
        subject_id: item.subjectId,
        started_at: item.startedAt,
        request_id: item.requestId,
      })),
    )
    .execute();
}

export async function setReminderOutbox(db: Db, mailId: number, outboxId: number): Promise<void> {
  await db.updateTable("reminder_mails").set({ outbox_id: outboxId }).where("id", "=", mailId).execute();
}

/** The latest reminder e-mails with their family and delivery state, newest first. */
export function findRecentReminders(db: Db, limit: number) {
  return db
    .selectFrom("reminder_mails as m")
    .innerJoin("users as u", "u.id", "m.family_user_id")
    .leftJoin("mail_outbox as o", "o.id", "m.outbox_id")
    .select(["m.id", "m.day", "u.names", "u.first_surname", "u.email", "o.status"])
    .orderBy("m.id", "desc")
    .limit(limit)
    .execute();
}

/** What those e-mails listed: the cause, and the request's code or the file's student. */
export function findReminderItems(db: Db, mailIds: number[]) {
  if (mailIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("reminder_items as i")
    .leftJoin("requests as r", "r.id", "i.request_id")
    .leftJoin("enrollment_files as f", (join) =>
      join.onRef("f.id", "=", "i.subject_id").on("i.cause", "=", "draftNotSent"),
    )
    .leftJoin("students as s", "s.id", "f.student_id")
    .select([
      "i.mail_id",
      "i.cause",
      "r.code",
      sql<string | null>`coalesce(r.student_name, s.student_name)`.as("student"),
    ])
    .where("i.mail_id", "in", mailIds)
    .orderBy("i.mail_id")
    .orderBy("i.cause")
    .orderBy("i.subject_id")
    .execute();
}
