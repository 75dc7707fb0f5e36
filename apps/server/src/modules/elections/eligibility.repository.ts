import { FAMILY_ROLES } from "@portal/shared/roles";
import type { Db } from "../../db/database.ts";

/**
 * Who may vote (docs/decisions.md "Elections: who votes"): an active, activated family account
 * that sent a request for the election's school year which the school has accepted (Accepted,
 * Validated, Confirmed or Finished). One vote per family, whatever the number of children: a
 * household's second parent votes as its first account (`CurrentUser.familyId`).
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

function eligibleVoters(db: Db, schoolYearId: number) {
  return db
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
          // The family's requests, whichever of its accounts sent them (issue #14, households):
          // a household is one family account (its first), so it has one vote.
          .whereRef("s.family_user_id", "=", "u.id")
          .where("r.school_year_id", "=", schoolYearId)
          .where("r.request_status", "in", [...ELIGIBLE_REQUEST_STATUSES]),
      ),
    );
}

export async function findEligibleVoter(db: Db, schoolYearId: number, userId: number): Promise<VoterRow | undefined> {
  return eligibleVoters(db, schoolYearId).where("u.id", "=", userId).executeTakeFirst();
}

export async function findEligibleVoters(db: Db, schoolYearId: number, userIds: number[]): Promise<VoterRow[]> {
  if (userIds.length === 0) return [];
  return eligibleVoters(db, schoolYearId).where("u.id", "in", userIds).execute();
}

/** Candidates the Admin may pick: eligible, not test accounts, matching a name or e-mail. */
export async function searchEligibleVoters(db: Db, schoolYearId: number, q: string | undefined): Promise<VoterRow[]> {
  let query = eligibleVoters(db, schoolYearId).where("u.role", "!=", "Prueba").where("u.is_test_data", "=", 0);
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
export async function countedEligibleIds(db: Db, schoolYearId: number): Promise<number[]> {
  const rows = await eligibleVoters(db, schoolYearId)
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
  const eligible = await eligibleVoters(db, schoolYearId)
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
