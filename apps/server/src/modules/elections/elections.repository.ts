import type { Selectable, Updateable } from "kysely";
import type { Db } from "../../db/database.ts";
import type { ElectionsTable } from "../../db/election-types.ts";

/** Elections, their lists and candidates: queries only (the ballot box is ballot-box.repository.ts). */

export type ElectionRow = Selectable<ElectionsTable>;

export async function findElection(db: Db, id: number): Promise<ElectionRow | undefined> {
  return db.selectFrom("elections").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function listElectionRows(db: Db): Promise<ElectionRow[]> {
  return db.selectFrom("elections").selectAll().orderBy("opens_at", "desc").orderBy("id", "desc").execute();
}

/** What families may see: every election once scheduled, cancelled ones excepted. */
export async function listVisibleElectionRows(db: Db): Promise<ElectionRow[]> {
  return db
    .selectFrom("elections")
    .selectAll()
    .where("status", "in", ["scheduled", "closed", "published"])
    .orderBy("opens_at", "asc")
    .orderBy("id", "asc")
    .execute();
}

export async function insertElection(
  db: Db,
  values: Pick<
    ElectionsTable,
    | "school_year_id"
    | "title_es"
    | "title_en"
    | "title_fr"
    | "body"
    | "seats"
    | "candidacy_deadline"
    | "opens_at"
    | "closes_at"
    | "created_at"
    | "updated_at"
  > & { vote_unit: string },
): Promise<number> {
  const row = await db
    .insertInto("elections")
    .values({ ...values, status: "draft" })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes `changes` if the row is still at `version`; bumps it. False: someone else saved first. */
export async function updateElectionIf(
  db: Db,
  id: number,
  version: number,
  changes: Updateable<ElectionsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable("elections")
    .set({ ...changes, version: version + 1 })
    .where("id", "=", id)
    .where("version", "=", version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface ListRow {
  id: number;
  election_id: number;
  organization_id: number;
  organization_name: string;
  name: string;
  statement: string | null;
}

export async function listListsOf(db: Db, electionIds: number[]): Promise<ListRow[]> {
  if (electionIds.length === 0) return [];
  return db
    .selectFrom("election_lists as l")
    .innerJoin("election_organizations as o", "o.id", "l.organization_id")
    .select(["l.id", "l.election_id", "l.organization_id", "o.name as organization_name", "l.name", "l.statement"])
    .where("l.election_id", "in", electionIds)
    .orderBy("l.id")
    .execute();
}

export async function findList(db: Db, listId: number): Promise<ListRow | undefined> {
  return db
    .selectFrom("election_lists as l")
    .innerJoin("election_organizations as o", "o.id", "l.organization_id")
    .select(["l.id", "l.election_id", "l.organization_id", "o.name as organization_name", "l.name", "l.statement"])
    .where("l.id", "=", listId)
    .executeTakeFirst();
}

export async function insertList(
  db: Db,
  values: { election_id: number; organization_id: number; name: string; statement: string | null; created_at: string },
): Promise<number> {
  return (await db.insertInto("election_lists").values(values).returning("id").executeTakeFirstOrThrow()).id;
}

export async function organizationRuns(db: Db, electionId: number, organizationId: number): Promise<boolean> {
  const row = await db
    .selectFrom("election_lists")
    .select("id")
    .where("election_id", "=", electionId)
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteList(db: Db, listId: number): Promise<void> {
  await db.deleteFrom("election_candidates").where("list_id", "=", listId).execute();
  await db.deleteFrom("election_lists").where("id", "=", listId).execute();
}

export interface CandidateRow {
  id: number;
  list_id: number;
  user_id: number;
  rank: number;
  statement: string | null;
  photo_ref: string | null;
  birth_date: string | null;
  names: string;
  first_surname: string;
  second_surname: string;
}

export async function listCandidatesOf(db: Db, listIds: number[]): Promise<CandidateRow[]> {
  if (listIds.length === 0) return [];
  return db
    .selectFrom("election_candidates as c")
    .innerJoin("users as u", "u.id", "c.user_id")
    .select([
      "c.id",
      "c.list_id",
      "c.user_id",
      "c.rank",
      "c.statement",
      "c.photo_ref",
      "c.birth_date",
      "u.names",
      "u.first_surname",
      "u.second_surname",
    ])
    .where("c.list_id", "in", listIds)
    .orderBy("c.list_id")
    .orderBy("c.rank")
    .execute();
}

export async function replaceCandidates(
  db: Db,
  listId: number,
  candidates: { userId: number; statement: string | null; photoRef: string | null; birthDate: string | null }[],
): Promise<void> {
  await db.deleteFrom("election_candidates").where("list_id", "=", listId).execute();
  if (candidates.length === 0) return;
  await db
    .insertInto("election_candidates")
    .values(
      candidates.map((candidate, index) => ({
        list_id: listId,
        user_id: candidate.userId,
        rank: index + 1,
        statement: candidate.statement,
        photo_ref: candidate.photoRef,
        birth_date: candidate.birthDate,
      })),
    )
    .execute();
}

/** Users standing on another list of the same election (a person stands once per election). */
export async function candidatesElsewhere(db: Db, electionId: number, listId: number, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom("election_candidates as c")
    .innerJoin("election_lists as l", "l.id", "c.list_id")
    .select("c.user_id")
    .where("l.election_id", "=", electionId)
    .where("l.id", "!=", listId)
    .where("c.user_id", "in", userIds)
    .execute();
}

/** One candidate with the election of its list (the photo routes start from the candidate). */
export async function findCandidate(db: Db, candidateId: number) {
  return db
    .selectFrom("election_candidates as c")
    .innerJoin("election_lists as l", "l.id", "c.list_id")
    .select(["c.id", "c.list_id", "c.user_id", "c.photo_ref", "l.election_id"])
    .where("c.id", "=", candidateId)
    .executeTakeFirst();
}

export async function setCandidatePhoto(db: Db, candidateId: number, photoRef: string | null): Promise<void> {
  await db.updateTable("election_candidates").set({ photo_ref: photoRef }).where("id", "=", candidateId).execute();
}
