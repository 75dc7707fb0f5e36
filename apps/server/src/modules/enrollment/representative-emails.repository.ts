import { type RawBuilder, sql } from "kysely";
import type { Db, Engine } from "../../db/database.ts";

/**
 * Spec 5 "Duplicates: a record with the same identification or e-mail exists", for the legal
 * representatives' e-mails (docs/rules/enrollment.md "Students: identity, birth
 * date and level"). Both queries read the e-mail out of the step's JSON with the expression of the partial
 * index of migration 0036 (trimmed, lower case, representative steps only), so each is one indexed
 * read on SQLite and on PostgreSQL. Only files sent to the school (with a request) of another family
 * count: a household's two accounts are one family (`students.family_user_id`).
 */

export const REPRESENTATIVE_STEPS = ["firstRepresentative", "secondRepresentative"] as const;
export type RepresentativeStep = (typeof REPRESENTATIVE_STEPS)[number];

/** The e-mail of a representative step row `alias`, exactly as migration 0036 indexes it. */
function representativeEmail(engine: Engine, alias: string): RawBuilder<string | null> {
  const data = sql.ref(`${alias}.data`);
  return engine === "postgres"
    ? sql<string | null>`lower(btrim((${data}::jsonb) ->> 'email'))`
    : sql<string | null>`lower(trim(json_extract(${data}, '$.email')))`;
}

/** The index's condition, written the same way so both engines use the partial index. */
const representativeStep = (alias: string) =>
  sql<boolean>`${sql.ref(`${alias}.step`)} in ('firstRepresentative', 'secondRepresentative')`;

/** The query of `emailGivenByAnotherFamily`, apart so a test can read its plan. */
export function emailUseQuery(db: Db, engine: Engine, email: string, familyUserId: number) {
  return db
    .selectFrom("enrollment_steps as s")
    .innerJoin("enrollment_files as f", "f.id", "s.file_id")
    .innerJoin("students as st", "st.id", "f.student_id")
    .innerJoin("requests as r", "r.file_id", "f.id")
    .select(sql<number>`1`.as("found"))
    .where(representativeStep("s"))
    .where(representativeEmail(engine, "s"), "=", email.trim().toLowerCase())
    .where("st.family_user_id", "!=", familyUserId)
    .limit(1);
}

/** Whether a file another family sent to the school gives `email` for one of its representatives. */
export async function emailGivenByAnotherFamily(
  db: Db,
  engine: Engine,
  email: string,
  familyUserId: number,
): Promise<boolean> {
  if (email.trim() === "") return false;
  return (await emailUseQuery(db, engine, email, familyUserId).executeTakeFirst()) !== undefined;
}

/** At most this many other requests are listed to the staff for one request's e-mails. */
export const SHARED_EMAIL_ROWS = 50;

export interface SharedEmailRow {
  step: RepresentativeStep;
  email: string;
  other_step: RepresentativeStep;
  request_id: number;
  code: string;
}

/**
 * For the staff: the representatives' e-mails of `fileId` that another family's sent file gives
 * too, with those files' requests (by step, then code), at most SHARED_EMAIL_ROWS + 1 rows so the
 * caller can tell there are more.
 */
export async function listSharedRepresentativeEmails(
  db: Db,
  engine: Engine,
  fileId: number,
  familyUserId: number,
): Promise<SharedEmailRow[]> {
  const rows = await sharedEmailsQuery(db, engine, fileId, familyUserId).execute();
  return rows.map((row) => ({ ...row, email: row.email ?? "" })) as SharedEmailRow[];
}

/** The query of `listSharedRepresentativeEmails`, apart so a test can read its plan. */
export function sharedEmailsQuery(db: Db, engine: Engine, fileId: number, familyUserId: number) {
  const mine = representativeEmail(engine, "mine");
  return db
    .selectFrom("enrollment_steps as mine")
    .innerJoin("enrollment_steps as other", (join) =>
      join.on(representativeStep("other")).on(representativeEmail(engine, "other"), "=", mine),
    )
    .innerJoin("enrollment_files as f", "f.id", "other.file_id")
    .innerJoin("students as st", "st.id", "f.student_id")
    .innerJoin("requests as r", "r.file_id", "f.id")
    .select(["mine.step as step", mine.as("email"), "other.step as other_step", "r.id as request_id", "r.code as code"])
    .where("mine.file_id", "=", fileId)
    .where(representativeStep("mine"))
    .where(mine, "!=", "")
    .where("st.family_user_id", "!=", familyUserId)
    .orderBy("mine.step")
    .orderBy("r.code")
    .orderBy("other.step")
    .limit(SHARED_EMAIL_ROWS + 1);
}
