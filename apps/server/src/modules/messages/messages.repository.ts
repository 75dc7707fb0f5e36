import { FAMILY_ROLES } from "@portal/shared/roles";
import { sql } from "kysely";
import type { Db } from "../../db/database.ts";

/** Messages to families (migration 0044): the audience's accounts, the plan, its queuing, the views. */

/** Ids per IN list: far below either engine's limit on bound parameters. */
const IN_LIST = 5000;

function slices<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** The families (first account of the household) of some accounts, each once. */
export async function familiesOf(db: Db, accountIds: readonly number[]): Promise<number[]> {
  const families = new Set<number>();
  for (const ids of slices(accountIds, IN_LIST)) {
    const rows = await db
      .selectFrom("users")
      .select(["id", "household_owner_id"])
      .where("id", "in", ids)
      .where("role", "in", FAMILY_ROLES)
      .execute();
    for (const row of rows) families.add(Number(row.household_owner_id ?? row.id));
  }
  return [...families];
}

export interface AudienceAccount {
  id: number;
  email: string;
  language: string;
  familyId: number;
}

/** Every active account of these families; the Test role's only when asked. */
export async function familyAccounts(
  db: Db,
  familyIds: readonly number[],
  includeTestAccounts: boolean,
): Promise<AudienceAccount[]> {
  const accounts: AudienceAccount[] = [];
  for (const ids of slices(familyIds, IN_LIST)) {
    const rows = await db
      .selectFrom("users")
      .select(["id", "email", "language", "household_owner_id"])
      .where((eb) => eb.or([eb("id", "in", ids), eb("household_owner_id", "in", ids)]))
      .where("deactivated_at", "is", null)
      .where("role", "in", includeTestAccounts ? FAMILY_ROLES : FAMILY_ROLES.filter((role) => role !== "Prueba"))
      .execute();
    for (const row of rows) {
      accounts.push({
        id: row.id,
        email: row.email,
        language: row.language,
        familyId: Number(row.household_owner_id ?? row.id),
      });
    }
  }
  return accounts.sort((a, b) => a.familyId - b.familyId || a.id - b.id);
}

export async function insertMessage(
  db: Db,
  row: {
    schoolYearId: number;
    source: string;
    audience: string;
    includeTestAccounts: boolean;
    texts: string;
    families: number;
    addresses: number;
    sentBy: number;
    now: string;
  },
): Promise<number> {
  const inserted = await db
    .insertInto("messages")
    .values({
      school_year_id: row.schoolYearId,
      source: row.source,
      audience: row.audience,
      include_test_accounts: row.includeTestAccounts ? 1 : 0,
      texts: row.texts,
      families: row.families,
      addresses: row.addresses,
      state: "queuing",
      sent_by: row.sentBy,
      created_at: row.now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** The plan: one row per address, not yet queued. */
export async function insertRecipients(
  db: Db,
  messageId: number,
  accounts: readonly { id: number; email: string; language: string; familyId: number }[],
): Promise<void> {
  for (const part of slices(accounts, 500)) {
    await db
      .insertInto("message_recipients")
      .values(
        part.map((account) => ({
          message_id: messageId,
          family_user_id: account.familyId,
          user_id: account.id,
          to_address: account.email,
          language: account.language,
        })),
      )
      .execute();
  }
}

export function findMessage(db: Db, id: number) {
  return db.selectFrom("messages").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findSender(db: Db, userId: number) {
  return db.selectFrom("users").select(["names", "first_surname", "email"]).where("id", "=", userId).executeTakeFirst();
}

export type MessageRow = NonNullable<Awaited<ReturnType<typeof findMessage>>>;

/** The next addresses of the plan whose e-mail is not queued yet, in the plan's order. */
export function unqueuedRecipients(db: Db, messageId: number, limit: number) {
  return db
    .selectFrom("message_recipients")
    .select(["id", "user_id", "to_address", "language"])
    .where("message_id", "=", messageId)
    .where("queued_at", "is", null)
    .orderBy("id")
    .limit(limit)
    .execute();
}

/**
 * Links the plan's rows to their outbox rows in one statement. Only rows still unqueued change:
 * a second send of the same rows (two resumes at once, on PostgreSQL) changes fewer and is rolled
 * back by the caller, so no address gets two e-mails.
 */
export async function markQueued(
  db: Db,
  links: readonly { id: number; outboxId: number }[],
  now: string,
): Promise<number> {
  // Literals, not parameters: PostgreSQL would type a CASE of bare parameters as text. Both are
  // integers the database itself gave.
  const cases = links.map((link) => sql`when ${sql.lit(Number(link.id))} then ${sql.lit(Number(link.outboxId))}`);
  const result = await db
    .updateTable("message_recipients")
    .set({
      outbox_id: sql<number>`(case id ${sql.join(cases, sql` `)} end)`,
      queued_at: now,
    })
    .where(
      "id",
      "in",
      links.map((link) => link.id),
    )
    .where("queued_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function setMessageQueued(db: Db, id: number, now: string): Promise<void> {
  await db.updateTable("messages").set({ state: "queued", queued_at: now }).where("id", "=", id).execute();
}

/** The newest messages with their sender's name. */
export function listMessages(db: Db, limit: number) {
  return db
    .selectFrom("messages")
    .leftJoin("users", "users.id", "messages.sent_by")
    .select([
      "messages.id",
      "messages.source",
      "messages.audience",
      "messages.include_test_accounts",
      "messages.texts",
      "messages.families",
      "messages.addresses",
      "messages.state",
      "messages.created_at",
      "users.names",
      "users.first_surname",
      "users.email",
    ])
    .orderBy("messages.id", "desc")
    .limit(limit)
    .execute();
}

/** Addresses per message and delivery state (not yet queued, the outbox row gone, or its status). */
export function deliveryCounts(db: Db, messageIds: readonly number[]) {
  if (messageIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("message_recipients as r")
    .leftJoin("mail_outbox as o", "o.id", "r.outbox_id")
    .select((eb) => [
      "r.message_id",
      "o.status",
      eb.fn.countAll<number>().as("count"),
      sql<number>`case when r.queued_at is null then 1 else 0 end`.as("unqueued"),
    ])
    .where("r.message_id", "in", [...messageIds])
    .groupBy(["r.message_id", "o.status", sql`case when r.queued_at is null then 1 else 0 end`])
    .execute();
}

/** Every address of a message with its family's name and its e-mail's delivery. */
export function messageRecipients(db: Db, messageId: number) {
  return db
    .selectFrom("message_recipients as r")
    .innerJoin("users as f", "f.id", "r.family_user_id")
    .leftJoin("mail_outbox as o", "o.id", "r.outbox_id")
    .select([
      "r.family_user_id",
      "r.to_address",
      "r.language",
      "r.outbox_id",
      "r.queued_at",
      "o.status",
      "o.sent_at",
      "f.names",
      "f.first_surname",
    ])
    .where("r.message_id", "=", messageId)
    .orderBy("f.first_surname")
    .orderBy("r.family_user_id")
    .orderBy("r.id")
    .execute();
}

/** The messages addressed to a family, newest first. */
export function familyMessages(db: Db, familyId: number, limit: number) {
  return db
    .selectFrom("messages")
    .select(["messages.id", "messages.texts", "messages.created_at"])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("message_recipients as r")
          .select("r.id")
          .whereRef("r.message_id", "=", "messages.id")
          .where("r.family_user_id", "=", familyId),
      ),
    )
    .orderBy("messages.id", "desc")
    .limit(limit)
    .execute();
}
