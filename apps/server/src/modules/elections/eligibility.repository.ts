import { FAMILY_ROLES } from "@portal/shared/roles";
import { DEFAULT_ELECTORATE_STATUSES } from "@portal/shared/schemas/election-electorate";
import type { Db } from "../../db/database.ts";
import type { ElectionRow } from "./elections.repository.ts";

/**
 * Who may vote (docs/elections.md "The electorate"): an active, activated family account whose
 * household sent a request for the election's school year in one of the election's statuses (by
 * default the accepted ones: Accepted, Validated, Confirmed, Finished), for one of its levels if it
 * names some, whatever the number of children. Each legal representative's account votes
 * (`vote_unit` "parent", the French rule): the household's second parent too. With "family", one
 * vote per household: only its first account is on the register and a second parent votes as it
 * (`CurrentUser.familyId`, `voterIdOf`). Once the poll has opened, the register is the one frozen
 * then (register-freeze.ts, `election_electorate`), not this live reading.
 */

/** An election's electorate: the requests that make a family a voter. */
export interface Electorate {
  schoolYearId: number;
  statuses: readonly string[];
  /** Empty: every level. */
  levels: readonly string[];
}

const parsedList = (json: string | null): string[] | null => {
  if (!json) return null;
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.map(String) : null;
};

export function electorateOf(
  row: Pick<ElectionRow, "school_year_id" | "electorate_statuses" | "electorate_levels">,
): Electorate {
  return {
    schoolYearId: row.school_year_id,
    statuses: parsedList(row.electorate_statuses) ?? [...DEFAULT_ELECTORATE_STATUSES],
    levels: parsedList(row.electorate_levels) ?? [],
  };
}

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

const VOTER_COLUMNS = [
  "u.id",
  "u.role",
  "u.is_test_data",
  "u.names",
  "u.first_surname",
  "u.second_surname",
  "u.email",
] as const;

/** Active, activated family accounts; "family": only each household's first account. */
function familyAccounts(db: Db, unit: string) {
  const query = db
    .selectFrom("users as u")
    .select(VOTER_COLUMNS)
    .where("u.role", "in", [...FAMILY_ROLES])
    .where("u.deactivated_at", "is", null)
    .where("u.activated_at", "is not", null);
  return unit === "family" ? query.where("u.household_owner_id", "is", null) : query;
}

/** The electorate read now from the requests (before the poll opens, and to freeze it then). */
export function liveVoters(db: Db, electorate: Electorate, unit: string) {
  return familyAccounts(db, unit).where((eb) =>
    eb.exists(
      eb
        .selectFrom("requests as r")
        .innerJoin("enrollment_files as f", "f.id", "r.file_id")
        .innerJoin("students as s", "s.id", "f.student_id")
        .select("r.id")
        // The household's requests, whichever of its accounts sent them: the students belong
        // to its first account, which a second parent's account points at.
        .where((inner) => inner("s.family_user_id", "=", inner.fn.coalesce("u.household_owner_id", "u.id")))
        .where("r.school_year_id", "=", electorate.schoolYearId)
        .where("r.request_status", "in", [...electorate.statuses])
        .$if(electorate.levels.length > 0, (q) => q.where("r.level_code", "in", [...electorate.levels])),
    ),
  );
}

/**
 * The register frozen when the poll opened (register-freeze.ts): the households then on it, and
 * their representatives' accounts — a second parent who makes an account during the poll, invited
 * from the election's page, votes too (one vote per parent); a household not on it gains nothing.
 */
function frozenVoters(db: Db, electionId: number, unit: string) {
  return familyAccounts(db, unit).where((eb) =>
    eb.exists(
      eb
        .selectFrom("election_electorate as e")
        .select("e.user_id")
        .where("e.election_id", "=", electionId)
        .where((inner) => inner("e.user_id", "=", inner.fn.coalesce("u.household_owner_id", "u.id"))),
    ),
  );
}

type RegisterSource = Pick<
  ElectionRow,
  "id" | "school_year_id" | "electorate_statuses" | "electorate_levels" | "register_frozen_at" | "vote_unit"
>;

/** The election's register: frozen once the poll opened, read live before. */
function registerOf(db: Db, election: RegisterSource) {
  return election.register_frozen_at !== null
    ? frozenVoters(db, election.id, election.vote_unit)
    : liveVoters(db, electorateOf(election), election.vote_unit);
}

export async function findEligibleVoter(
  db: Db,
  election: RegisterSource,
  userId: number,
): Promise<VoterRow | undefined> {
  return registerOf(db, election).where("u.id", "=", userId).executeTakeFirst();
}

/** The register's names, in alphabetical order (the export for posting). */
export async function registerNames(db: Db, election: RegisterSource): Promise<VoterRow[]> {
  return registerOf(db, election)
    .where("u.role", "!=", "Prueba")
    .where("u.is_test_data", "=", 0)
    .orderBy("u.first_surname")
    .orderBy("u.second_surname")
    .orderBy("u.names")
    .execute();
}

/**
 * Who may stand: candidates stand as persons, so any representative's account of the electorate
 * may, whatever the vote's unit. Read live: candidacies close before the poll opens.
 */
export async function findEligibleVoters(db: Db, election: RegisterSource, userIds: number[]): Promise<VoterRow[]> {
  if (userIds.length === 0) return [];
  return liveVoters(db, electorateOf(election), "parent").where("u.id", "in", userIds).execute();
}

/** Candidates the Admin may pick: eligible, not test accounts, matching a name or e-mail. */
export async function searchEligibleVoters(
  db: Db,
  election: RegisterSource,
  q: string | undefined,
): Promise<VoterRow[]> {
  let query = liveVoters(db, electorateOf(election), "parent")
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

/** The ids of the counted (non-test) voters on the register. */
export async function countedEligibleIds(db: Db, election: RegisterSource): Promise<number[]> {
  const rows = await registerOf(db, election).where("u.role", "!=", "Prueba").where("u.is_test_data", "=", 0).execute();
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
export async function resultsMailRecipients(db: Db, election: RegisterSource): Promise<MailRecipientRow[]> {
  const electionId = election.id;
  const columns = ["u.id", "u.email", "u.language", "u.names", "u.first_surname"] as const;
  // Every representative's account hears of the results, whatever the vote's unit.
  const eligible = await liveVoters(db, electorateOf(election), "parent")
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
