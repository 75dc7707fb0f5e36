import { FAMILY_ROLES } from "@portal/shared/roles";
import type { Db } from "../../db/database.ts";

/**
 * Who may vote (docs/decisions.md "Elections: who votes"): an active, activated family account
 * whose household sent a request for the election's school year which the school has accepted
 * (Accepted, Validated, Confirmed or Finished), whatever the number of children. Each legal
 * representative's account votes (`vote_unit` "parent", the French rule): the household's second
 * parent too. With "family", one vote per household: only its first account is on the register and
 * a second parent votes as it (`CurrentUser.familyId`, `voterIdOf`).
 */
export const ELIGIBLE_REQUEST_STATUSES = ["Accepted", "Validated", "Confirmed", "Finished"] as const;

export interface VoterRow {
  id: number;
  role: string;
  is_test_data: number;
  names: string;
  first_surname: string;
  second_surname: string;
  email: string;
}

/** The Test role's accounts (and accounts flagged as test data) vote apart and are never counted. */
export const isTestVoter = (row: { role: string; is_test_data: number }) =>
  row.role === "Prueba" || row.is_test_data === 1;

/** "parent": one vote per representative's account; "family": one per household. */
export type VoteUnit = "parent" | "family";

/** The register's person for a signed-in family account. */
export const voterIdOf = (unit: string, user: { id: number; familyId: number }) =>
  unit === "family" ? user.familyId : user.id;

function eligibleVoters(db: Db, schoolYearId: number, unit: string) {
  const query = db
    .selectFrom("users as u")
    .select(["u.id", "u.role", "u.is_test_data", "u.names", "u.first_surname", "u.second_surname", "u.email"])
    .where("u.role", "in", [...FAMILY_ROLES])
    .where("u.deactivated_at", "is", null)
    .where("u.activated_at", "is not", null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("requests as r")
          .innerJoin("enrollment_files as f", "f.id", "r.file_id")
          .innerJoin("students as s", "s.id", "f.student_id")
          .select("r.id")
          // The household's requests, whichever of its accounts sent them: the students belong
          // to its first account, which a second parent's account points at.
          .where((inner) => inner("s.family_user_id", "=", inner.fn.coalesce("u.household_owner_id", "u.id")))
          .where("r.school_year_id", "=", schoolYearId)
          .where("r.request_status", "in", [...ELIGIBLE_REQUEST_STATUSES]),
      ),
    );
  return unit === "family" ? query.where("u.household_owner_id", "is", null) : query;
}

export async function findEligibleVoter(
  db: Db,
  schoolYearId: number,
  unit: string,
  userId: number,
): Promise<VoterRow | undefined> {
  return eligibleVoters(db, schoolYearId, unit).where("u.id", "=", userId).executeTakeFirst();
}

/** Candidates stand as persons: any representative's account may, whatever the vote's unit. */
export async function findEligibleVoters(db: Db, schoolYearId: number, userIds: number[]): Promise<VoterRow[]> {
  if (userIds.length === 0) return [];
  return eligibleVoters(db, schoolYearId, "parent").where("u.id", "in", userIds).execute();
}

/** Candidates the Admin may pick: eligible, not test accounts, matching a name or e-mail. */
export async function searchEligibleVoters(db: Db, schoolYearId: number, q: string | undefined): Promise<VoterRow[]> {
  let query = eligibleVoters(db, schoolYearId, "parent")
    .where("u.role", "!=", "Prueba")
    .where("u.is_test_data", "=", 0);
  if (q) {
    const like = `%${q.toLowerCase().replace(/[\\%_]/g, "")}%`;
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["u.email"]), "like", like),
        eb(eb.fn("lower", ["u.names"]), "like", like),
        eb(eb.fn("lower", ["u.first_surname"]), "like", like),
      ]),
    );
  }
  return query.orderBy("u.first_surname").orderBy("u.names").limit(50).execute();
}

/** The ids of the counted (non-test) eligible voters now. */
export async function countedEligibleIds(db: Db, schoolYearId: number, unit: string): Promise<number[]> {
  const rows = await eligibleVoters(db, schoolYearId, unit)
    .where("u.role", "!=", "Prueba")
    .where("u.is_test_data", "=", 0)
    .execute();
  return rows.map((row) => row.id);
}

export interface MailRecipientRow {
  id: number;
  email: string;
  language: string;
  names: string;
  first_surname: string;
}

/**
 * Who is told that the results are out: everyone on the register now, plus anyone who voted and
 * has since left it, if still active. Test accounts (the Prueba role, accounts flagged as test
 * data) are not: their ballots are never counted, and a mail to them would tell the school "one
 * more mail than voters". The register is read for who voted, never with a ballot.
 */
export async function resultsMailRecipients(
  db: Db,
  schoolYearId: number,
  electionId: number,
): Promise<MailRecipientRow[]> {
  const columns = ["u.id", "u.email", "u.language", "u.names", "u.first_surname"] as const;
  // Every representative's account hears of the results, whatever the vote's unit.
  const eligible = await eligibleVoters(db, schoolYearId, "parent")
    .select(["u.language"])
    .where("u.role", "!=", "Prueba")
    .where("u.is_test_data", "=", 0)
    .execute();
  const voted = await db
    .selectFrom("users as u")
    .select(columns)
    .where("u.deactivated_at", "is", null)
    .where("u.role", "!=", "Prueba")
    .where("u.is_test_data", "=", 0)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("election_register as g")
          .select("g.user_id")
          .whereRef("g.user_id", "=", "u.id")
          .where("g.election_id", "=", electionId),
      ),
    )
    .execute();
  const byId = new Map<number, MailRecipientRow>();
  for (const row of [...eligible, ...voted]) byId.set(row.id, row);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
