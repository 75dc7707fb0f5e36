import type { HandInFilter } from "@portal/shared/schemas/documents";
import type { SigningFilter } from "@portal/shared/schemas/signing";
import { type RawBuilder, type SelectQueryBuilder, sql } from "kysely";
import type { Db, Engine } from "../../db/database.ts";
import type { Database } from "../../db/types.ts";
import { type PageWindow, type RequestFilter, requestsWhere } from "../requests/requests.repository.ts";

/**
 * A document the checklist may ask for and which requests it asks it of (Settings › Documents'
 * rule: new students, re-enrollments, levels; `none`: retired).
 */
export interface HandInRule {
  key: string;
  audience: string;
  levels: string[] | null;
}

/** The list's filter: the shared request filters, the hand-in state, and the due cut-off. */
export interface DocumentFilter extends RequestFilter {
  /** The year's documents handed in on paper (docs/rules/documents.md "The documents page"). */
  documents: readonly HandInRule[];
  handIn?: HandInFilter;
  signing?: SigningFilter;
  /** Files sent before this instant are past their due time (now − the year's signing hours). */
  overdueBefore: string;
}

/** The file's send time (the documents to sign are e-mailed then); the request's creation otherwise. */
const sentAt = sql<string>`coalesce((select f.sent_at from enrollment_files f where f.id = requests.file_id), requests.created_at)`;

const received = (key: string) =>
  sql<boolean>`exists (select 1 from document_hand_ins h where h.request_id = requests.id and h.item = ${key} and h.received = 1)`;

/** The statuses of a document every representative signed online (docs/rules/documents.md "Signing online"). */
const SIGNED_BY_FAMILY = ["awaitingSchool", "complete"] as const;

/**
 * Signed online by the family: every representative signed the document (awaitingSchool or
 * complete; docs/rules/documents.md "Signing online"): it counts as handed in for overdue.
 */
const signedOnline = (key: string) =>
  sql<boolean>`exists (select 1 from signing_documents sd inner join school_documents sdoc on sdoc.id = sd.document_id where sd.request_id = requests.id and sdoc.key = ${key} and sd.status in ('awaitingSchool', 'complete'))`;

const signingStatus = (status: string) =>
  sql<boolean>`exists (select 1 from signing_documents sd where sd.request_id = requests.id and sd.status = ${sql.lit(status)})`;

/** The list's signing filter: a document pending, one awaiting the school, or every one complete. */
function signingWhere(filter: SigningFilter): RawBuilder<boolean> {
  if (filter === "complete") {
    return sql<boolean>`(${signingStatus("complete")} and not ${signingStatus("pending")} and not ${signingStatus("awaitingSchool")})`;
  }
  return signingStatus(filter);
}

/**
 * The exit authorization is asked for (to be notarised) where the family chose an exit the
 * school needs it for: alone at the end of the day, the midday break or free periods.
 */
function exitRequired(engine: Engine): RawBuilder<boolean> {
  const flag = (key: string) =>
    engine === "postgres"
      ? sql`(s.data::jsonb ->> ${sql.lit(key)}) = 'true'`
      : sql`json_extract(s.data, ${sql.lit(`$.${key}`)}) = 1`;
  return sql<boolean>`exists (select 1 from enrollment_steps s where s.file_id = requests.file_id and s.step = 'exitAuthorization' and (${flag("exitAlone")} or ${flag("middayBreak")} or ${flag("freePeriods")}))`;
}

/**
 * The request is one the document's rule asks the paper of (new students, re-enrollments,
 * levels; a request without a level yet: every level), as `ruleApplies` decides it in JS.
 */
function applies(rule: HandInRule): RawBuilder<boolean> {
  if (rule.audience === "none") return sql<boolean>`1 = 0`;
  const parts: RawBuilder<unknown>[] = [];
  if (rule.audience === "new") parts.push(sql`requests.is_new_student = 1`);
  if (rule.audience === "reenrollment") parts.push(sql`requests.is_new_student = 0`);
  if (rule.levels && rule.levels.length > 0) {
    parts.push(sql`(requests.level_code is null or requests.level_code in (${sql.join(rule.levels)}))`);
  }
  return parts.length === 0 ? sql<boolean>`1 = 1` : sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

function required(engine: Engine, rule: HandInRule): RawBuilder<boolean> {
  return rule.key === "exitAuthorization"
    ? sql<boolean>`(${exitRequired(engine)} and ${applies(rule)})`
    : applies(rule);
}

/** Some document the request needs is neither received on paper nor signed online by the family. */
function missing(engine: Engine, documents: readonly HandInRule[]): RawBuilder<boolean> {
  const parts = documents
    .filter((rule) => rule.audience !== "none")
    .map((rule) => sql`(${required(engine, rule)} and not ${received(rule.key)} and not ${signedOnline(rule.key)})`);
  return parts.length === 0 ? sql<boolean>`1 = 0` : sql<boolean>`(${sql.join(parts, sql` or `)})`;
}

const asInt = (condition: RawBuilder<boolean>) => sql<number>`(case when ${condition} then 1 else 0 end)`;

type RequestsQuery<O> = SelectQueryBuilder<Database, "requests", O>;

function documentsWhere<O>(query: RequestsQuery<O>, engine: Engine, filter: DocumentFilter): RequestsQuery<O> {
  let q = requestsWhere(query, filter);
  const lacking = missing(engine, filter.documents);
  if (filter.handIn === "missing") q = q.where(lacking);
  if (filter.handIn === "complete") q = q.where(sql<boolean>`not ${lacking}`);
  if (filter.handIn === "overdue") q = q.where(lacking).where(sentAt, "<", filter.overdueBefore);
  if (filter.signing) q = q.where(signingWhere(filter.signing));
  return q;
}

/**
 * The columns of a documents list row: the request and what its checklist depends on (its
 * audience and level, the exit chosen); what was received or signed is read per page.
 */
function selectDocumentRow(db: Db, engine: Engine) {
  return db
    .selectFrom("requests")
    .select([
      "requests.id",
      "requests.code",
      "requests.file_id",
      "requests.user_id",
      "requests.student_name",
      "requests.level_code",
      "requests.is_new_student",
      "requests.request_status",
      "requests.is_test_data",
      sentAt.as("sent_at"),
      asInt(exitRequired(engine)).as("exit_required"),
    ]);
}

/** One page (or, without a window, every row) of the filtered requests, oldest sent first. */
export function findDocumentRows(db: Db, engine: Engine, filter: DocumentFilter, window?: PageWindow) {
  let q = documentsWhere(selectDocumentRow(db, engine), engine, filter)
    .orderBy(sentAt, "asc")
    .orderBy("requests.id", "asc");
  if (window) q = q.limit(window.limit).offset(window.offset);
  return q.execute();
}
export type DocumentRow = Awaited<ReturnType<typeof findDocumentRows>>[number];

export async function countDocumentRows(db: Db, engine: Engine, filter: DocumentFilter): Promise<number> {
  const row = await documentsWhere(
    db.selectFrom("requests").select((eb) => eb.fn.countAll().as("n")),
    engine,
    filter,
  )
    .$castTo<{ n: number | string | bigint }>()
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One request as a list row, whatever the filters. */
export async function findDocumentRow(db: Db, engine: Engine, requestId: number): Promise<DocumentRow | undefined> {
  const rows = await selectDocumentRow(db, engine).where("requests.id", "=", requestId).execute();
  return rows[0];
}

export function findRequestYear(db: Db, requestId: number) {
  return db.selectFrom("requests").select(["school_year_id"]).where("id", "=", requestId).executeTakeFirst();
}

/** The recorded checklist of a request, with who recorded each item. */
export function listHandIns(db: Db, requestId: number) {
  return db
    .selectFrom("document_hand_ins")
    .leftJoin("users", "users.id", "document_hand_ins.recorded_by")
    .select([
      "document_hand_ins.item",
      "document_hand_ins.received",
      "document_hand_ins.received_on",
      "document_hand_ins.version",
      "document_hand_ins.recorded_at",
      "users.email",
      "users.names",
      "users.first_surname",
    ])
    .where("document_hand_ins.request_id", "=", requestId)
    .execute();
}

export function findHandIn(db: Db, requestId: number, item: string) {
  return db
    .selectFrom("document_hand_ins")
    .select(["version"])
    .where("request_id", "=", requestId)
    .where("item", "=", item)
    .executeTakeFirst();
}

export interface HandInValues {
  received: number;
  received_on: string | null;
  recorded_by: number;
  recorded_at: string;
}

export async function insertHandIn(db: Db, requestId: number, item: string, values: HandInValues): Promise<void> {
  await db
    .insertInto("document_hand_ins")
    .values({ request_id: requestId, item, version: 1, ...values })
    .execute();
}

/** Writes over the row only if it is still at `version`; false when someone saved in between. */
export async function updateHandIn(
  db: Db,
  requestId: number,
  item: string,
  version: number,
  values: HandInValues,
): Promise<boolean> {
  const result = await db
    .updateTable("document_hand_ins")
    .set({ ...values, version: version + 1 })
    .where("request_id", "=", requestId)
    .where("item", "=", item)
    .where("version", "=", version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The file's step data (the uploads they reference). */
export function listStepData(db: Db, fileId: number) {
  return db.selectFrom("enrollment_steps").select(["step", "data"]).where("file_id", "=", fileId).execute();
}

export function listUploads(db: Db, familyUserId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("uploads")
    .select(["id", "original_name", "kind", "storage_key", "original_storage_key"])
    .where("id", "in", ids)
    .where("family_user_id", "=", familyUserId)
    .execute();
}

/** The page's requests' documents to sign online, their status and titles (the list's summary). */
export function listSigningSummaries(db: Db, requestIds: number[]) {
  if (requestIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("signing_documents")
    .innerJoin("school_documents", "school_documents.id", "signing_documents.document_id")
    .innerJoin("school_document_versions", "school_document_versions.id", "signing_documents.version_id")
    .select([
      "signing_documents.request_id",
      "signing_documents.document_id",
      "signing_documents.status",
      "school_documents.key",
      "school_document_versions.title_es",
      "school_document_versions.title_en",
      "school_document_versions.title_fr",
    ])
    .where("signing_documents.request_id", "in", requestIds)
    .orderBy("signing_documents.id")
    .execute();
}

/** The items recorded as received for these requests. */
export function listReceivedItems(db: Db, requestIds: number[]) {
  if (requestIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("document_hand_ins")
    .select(["request_id", "item"])
    .where("request_id", "in", requestIds)
    .where("received", "=", 1)
    .execute();
}

/** The documents of these requests every representative signed online (their keys). */
export function listSignedByFamily(db: Db, requestIds: number[]) {
  if (requestIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("signing_documents")
    .innerJoin("school_documents", "school_documents.id", "signing_documents.document_id")
    .select(["signing_documents.request_id", "school_documents.key"])
    .where("signing_documents.request_id", "in", requestIds)
    .where("signing_documents.status", "in", SIGNED_BY_FAMILY)
    .execute();
}
