import { ACCEPTED_STATUSES } from "@portal/shared/request-status";
import { FAMILY_ROLES } from "@portal/shared/roles";
import type { Selectable } from "kysely";
import type { Db } from "../../db/database.ts";
import type { ReenrollmentCampaignsTable } from "../../db/types.ts";

/** The re-enrollment campaigns' queries (docs/rules/campaigns.md). */

export type CampaignRow = Selectable<ReenrollmentCampaignsTable> & { school_year_label: string };
export type CampaignValues = Pick<
  CampaignRow,
  "opens_on" | "deadline" | "levels" | "same_message" | "message_es" | "message_en" | "message_fr" | "reminder_days"
>;

const campaigns = (db: Db) =>
  db
    .selectFrom("reenrollment_campaigns as c")
    .innerJoin("school_years as y", "y.id", "c.school_year_id")
    .selectAll("c")
    .select("y.label as school_year_label");

export function listCampaignRows(db: Db): Promise<CampaignRow[]> {
  return campaigns(db).orderBy("c.opens_on", "desc").orderBy("c.id", "desc").execute();
}

export function findCampaign(db: Db, id: number): Promise<CampaignRow | undefined> {
  return campaigns(db).where("c.id", "=", id).executeTakeFirst();
}

export async function schoolYearExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom("school_years").select("id").where("id", "=", id).executeTakeFirst());
}

export async function yearHasCampaign(db: Db, schoolYearId: number): Promise<boolean> {
  const row = await db
    .selectFrom("reenrollment_campaigns")
    .select("id")
    .where("school_year_id", "=", schoolYearId)
    .executeTakeFirst();
  return Boolean(row);
}

export async function insertCampaign(
  db: Db,
  values: CampaignValues & { school_year_id: number; created_by: number },
  now: string,
): Promise<number> {
  const row = await db
    .insertInto("reenrollment_campaigns")
    .values({ ...values, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Applies the change if the row is still at `version`; false when someone changed it since. */
export async function updateCampaign(
  db: Db,
  id: number,
  version: number,
  values: CampaignValues,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable("reenrollment_campaigns")
    .set({ ...values, updated_at: now, version: version + 1 })
    .where("id", "=", id)
    .where("version", "=", version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The opening's claim: true for the one caller that sets `opened_at`, whatever the processes. */
export async function claimOpening(db: Db, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable("reenrollment_campaigns")
    .set({ opened_at: now })
    .where("id", "=", id)
    .where("opened_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function campaignsToOpen(db: Db, today: string): Promise<{ id: number }[]> {
  return db
    .selectFrom("reenrollment_campaigns")
    .select("id")
    .where("opened_at", "is", null)
    .where("opens_on", "<=", today)
    .where("deadline", ">=", today)
    .execute();
}

export function runningCampaigns(db: Db, today: string): Promise<{ id: number }[]> {
  return db
    .selectFrom("reenrollment_campaigns")
    .select("id")
    .where("opened_at", "is not", null)
    .where("deadline", ">=", today)
    .execute();
}

/**
 * The children a campaign covers: the year's enrolled students (a request in an accepted status),
 * of the campaign's levels when it names some, each with its family (the household's first account).
 */
export function coveredChildren(db: Db, schoolYearId: number, levels: readonly string[]) {
  let query = db
    .selectFrom("requests as r")
    .innerJoin("enrollment_files as f", "f.id", "r.file_id")
    .innerJoin("students as s", "s.id", "f.student_id")
    .select(["s.id as student_id", "s.family_user_id", "r.level_code"])
    .where("r.school_year_id", "=", schoolYearId)
    .where("r.request_status", "in", [...ACCEPTED_STATUSES]);
  if (levels.length > 0) query = query.where("r.level_code", "in", [...levels]);
  return query.orderBy("s.id").execute();
}

export async function insertCovered(
  db: Db,
  campaignId: number,
  children: { student_id: number; family_user_id: number; level_code: string | null }[],
): Promise<void> {
  const families = [...new Set(children.map((c) => c.family_user_id))];
  for (const family of families) {
    await db.insertInto("campaign_families").values({ campaign_id: campaignId, family_user_id: family }).execute();
  }
  for (const child of children) {
    await db
      .insertInto("campaign_children")
      .values({ campaign_id: campaignId, ...child })
      .onConflict((oc) => oc.columns(["campaign_id", "student_id"]).doNothing())
      .execute();
  }
}

/** The household's active, activated accounts: the e-mails' recipients, each in its language. */
export function householdAccounts(db: Db, familyId: number) {
  return db
    .selectFrom("users")
    .select(["id", "email", "language"])
    .where((eb) => eb.or([eb("id", "=", familyId), eb("household_owner_id", "=", familyId)]))
    .where("role", "in", [...FAMILY_ROLES])
    .where("deactivated_at", "is", null)
    .where("activated_at", "is not", null)
    .orderBy("id")
    .execute();
}

export async function insertLink(db: Db, tokenHash: string, campaignId: number, familyId: number, now: string) {
  await db
    .insertInto("campaign_links")
    .values({ token_hash: tokenHash, campaign_id: campaignId, family_user_id: familyId, created_at: now })
    .execute();
}

export function findLink(db: Db, tokenHash: string) {
  return db.selectFrom("campaign_links").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
}

/** One e-mail a family and step: false when it was sent already (by this or another process). */
export async function claimSend(
  db: Db,
  row: { campaignId: number; familyId: number; step: string; recipients: string; now: string },
): Promise<boolean> {
  const result = await db
    .insertInto("campaign_sends")
    .values({
      campaign_id: row.campaignId,
      family_user_id: row.familyId,
      step: row.step,
      recipients: row.recipients,
      created_at: row.now,
    })
    .onConflict((oc) => oc.columns(["campaign_id", "family_user_id", "step"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export function familiesOf(db: Db, campaignId: number, unansweredOnly: boolean) {
  let query = db
    .selectFrom("campaign_families")
    .select(["family_user_id", "answered_at"])
    .where("campaign_id", "=", campaignId);
  if (unansweredOnly) query = query.where("answered_at", "is", null);
  return query.orderBy("family_user_id").execute();
}

export function findCampaignFamily(db: Db, campaignId: number, familyId: number) {
  return db
    .selectFrom("campaign_families")
    .selectAll()
    .where("campaign_id", "=", campaignId)
    .where("family_user_id", "=", familyId)
    .executeTakeFirst();
}

/** The opened campaigns a family is part of, newest first. */
export function familyCampaignIds(db: Db, familyId: number): Promise<{ campaign_id: number }[]> {
  return db
    .selectFrom("campaign_families as cf")
    .innerJoin("reenrollment_campaigns as c", "c.id", "cf.campaign_id")
    .select("cf.campaign_id")
    .where("cf.family_user_id", "=", familyId)
    .where("c.opened_at", "is not", null)
    .orderBy("c.deadline", "desc")
    .execute();
}

/** A campaign's children with their family's name and answer; one family's when `familyId` is given. */
export function childrenOf(db: Db, campaignId: number, familyId?: number) {
  let query = db
    .selectFrom("campaign_children as cc")
    .innerJoin("students as s", "s.id", "cc.student_id")
    .innerJoin("users as u", "u.id", "cc.family_user_id")
    .select([
      "cc.student_id",
      "cc.family_user_id",
      "cc.level_code",
      "cc.answer",
      "cc.reason_code",
      "cc.answered_at",
      "s.student_name",
      "u.names as family_names",
      "u.first_surname as family_surname",
    ])
    .where("cc.campaign_id", "=", campaignId);
  if (familyId !== undefined) query = query.where("cc.family_user_id", "=", familyId);
  return query.orderBy("u.first_surname").orderBy("u.names").orderBy("s.student_name").orderBy("s.id").execute();
}
export type CampaignChildRow = Awaited<ReturnType<typeof childrenOf>>[number];

export async function saveChildAnswer(
  db: Db,
  campaignId: number,
  answer: { studentId: number; answer: string; reasonCode: string | null },
  now: string,
): Promise<void> {
  await db
    .updateTable("campaign_children")
    .set({ answer: answer.answer, reason_code: answer.reasonCode, answered_at: now })
    .where("campaign_id", "=", campaignId)
    .where("student_id", "=", answer.studentId)
    .execute();
}

export async function markFamilyAnswered(
  db: Db,
  campaignId: number,
  familyId: number,
  by: { userId: number | null; via: "portal" | "link" },
  now: string,
): Promise<void> {
  await db
    .updateTable("campaign_families")
    .set({ answered_at: now, answered_by: by.userId, answered_via: by.via })
    .where("campaign_id", "=", campaignId)
    .where("family_user_id", "=", familyId)
    .execute();
}

export function familyCounts(db: Db, campaignId: number) {
  return db
    .selectFrom("campaign_families")
    .select(["campaign_id", "answered_at"])
    .where("campaign_id", "=", campaignId)
    .execute();
}

/** What was sent to whom: the opening and every reminder, newest first. */
export function sendsOf(db: Db, campaignId: number) {
  return db
    .selectFrom("campaign_sends as cs")
    .innerJoin("users as u", "u.id", "cs.family_user_id")
    .select(["cs.step", "cs.recipients", "cs.created_at", "u.names", "u.first_surname"])
    .where("cs.campaign_id", "=", campaignId)
    .orderBy("cs.created_at", "desc")
    .orderBy("u.first_surname")
    .execute();
}
