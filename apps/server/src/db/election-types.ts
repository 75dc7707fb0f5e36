import type { Generated } from "kysely";

/** Migration 0020: the elections' tables. See the migration's header. */

export interface ElectionPositionsTable {
  id: Generated<number>;
  code: string;
  name_es: string;
  name_en: string;
  name_fr: string;
  sort_order: number;
}

export interface ElectionOrganizationsTable {
  id: Generated<number>;
  name: string;
  acronym: string | null;
  description: string | null;
  created_at: string;
  updated_at: string;
}

export interface ElectionsTable {
  id: Generated<number>;
  school_year_id: number;
  title_es: string;
  title_en: string;
  title_fr: string;
  body: string;
  seats: number;
  candidacy_deadline: string;
  opens_at: string;
  closes_at: string;
  /** draft | scheduled | closed | published | cancelled; "open" is scheduled inside the window. */
  status: string;
  cancel_reason: string | null;
  /** Set when the Admin closed the poll before `closes_at`. */
  closed_early_at: string | null;
  /** Why: required when the poll closed before the minimum announced (MIN_POLL_HOURS). */
  closed_early_reason: string | null;
  published_at: string | null;
  /** The lot's seed for ties (seat-allocation.ts), drawn at the first count and kept. */
  lot_seed: number | null;
  /** The frozen count (ElectionResult JSON), written when published. */
  result_json: string | null;
  register_purged_at: string | null;
  /** Migration 0030: "parent" (each representative's account votes) or "family" (one per household). */
  vote_unit: Generated<string>;
  /** Migration 0031: JSON array of request statuses whose families vote; null = the accepted ones. */
  electorate_statuses: string | null;
  /** Migration 0031: JSON array of level codes the requests must be for; null = every level. */
  electorate_levels: string | null;
  /** Migration 0031: when the register was frozen into election_electorate (the poll's opening). */
  register_frozen_at: string | null;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ElectionListsTable {
  id: Generated<number>;
  election_id: number;
  organization_id: number;
  name: string;
  statement: string | null;
  created_at: string;
}

export interface ElectionCandidatesTable {
  id: Generated<number>;
  list_id: number;
  user_id: number;
  rank: number;
  statement: string | null;
  photo_ref: string | null;
  /** Migration 0030: YYYY-MM-DD, for the legal tie rule (the oldest candidate in line); null if unknown. */
  birth_date: string | null;
}

/** The ballot box: the choice and a random receipt, never who or when. */
export interface ElectionBallotsTable {
  election_id: number;
  receipt_code: string;
  /** null: a blank vote. */
  list_id: number | null;
  is_test: number;
}

/**
 * Migration 0035: a ballot waiting for its batch, sealed (modules/elections/ballot-batches.ts):
 * a random id and the sealed ballot, never who or when.
 */
export interface ElectionPendingBallotsTable {
  election_id: number;
  /** 128 random bits in hex: no order, no time. */
  id: string;
  /** lib/secret-box.ts `enc1:…` of the padded ballot. */
  sealed: string;
}

/** The register: who voted and when; `voted_at` cleared some days after publication. */
export interface ElectionRegisterTable {
  election_id: number;
  user_id: number;
  voted_at: string | null;
}

/** Migration 0031: the register frozen when the poll opened (who may vote, not who voted). */
export interface ElectionElectorateTable {
  election_id: number;
  user_id: number;
}

/** Migration 0031: a family's candidacy on a list (`list_id`) or for a new list (`list_name`). */
export interface ElectionCandidaciesTable {
  id: Generated<number>;
  election_id: number;
  user_id: number;
  list_id: number | null;
  list_name: string | null;
  organization_id: number | null;
  statement: string | null;
  /** pending | approved | declined */
  status: string;
  decision_reason: string | null;
  decided_at: string | null;
  created_at: string;
  updated_at: string;
}
