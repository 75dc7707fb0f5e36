import { z } from "zod";
import { electorateFields, electorateViewSchema } from "./election-electorate.ts";
import { birthDateField } from "./enrollment/common.ts";
import { idParam, text } from "./fields.ts";
import { paragraph, positiveInt } from "./workflow.ts";

/*
 * Elections: the Admin's settings bodies, the family's vote, and the answers.
 * Times are ISO-8601 UTC instants; the screens convert to and from the school's local time.
 */

/** The poll must stay open at least four consecutive hours (the French practice). */
export const MIN_POLL_HOURS = 4;
/** A list needs at least this many names to be published; at most twice the seats. */
export const MIN_LIST_CANDIDATES = 2;
/** A candidate's photo: JPEG or PNG up to 5 MB, stored as a 500 × 500 JPEG like the student photo. */
export const CANDIDATE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const CANDIDATE_PHOTO_PX = 500;
export const ELECTION_STATUSES = ["draft", "scheduled", "open", "closed", "published", "cancelled"] as const;
export type ElectionStatus = (typeof ELECTION_STATUSES)[number];

/**
 * Who votes (docs/rules/elections.md "Who votes"): each legal representative's account (the
 * French rule, the default) or one vote per household, for bodies whose rules say so.
 */
export const VOTE_UNITS = ["parent", "family"] as const;
export type VoteUnit = (typeof VOTE_UNITS)[number];

const instant = z
  .string({ error: "validation.date" })
  .max(40, { error: "validation.date" })
  .refine(
    (value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/.test(value) && !Number.isNaN(Date.parse(value)),
    {
      error: "validation.date",
    },
  )
  .transform((value) => new Date(value).toISOString());

const versionField = positiveInt;

const electionFields = {
  titleEs: text(200),
  titleEn: text(200),
  titleFr: text(200),
  body: text(120),
  seats: z
    .number({ error: "validation.invalidType" })
    .int({ error: "validation.invalidType" })
    .min(1, { error: "validation.election.seats" })
    .max(50, { error: "validation.election.seats" }),
  schoolYearId: positiveInt,
  candidacyDeadline: instant,
  opensAt: instant,
  closesAt: instant,
  /** Left out: "parent" on creation, unchanged on update. */
  voteUnit: z.enum(VOTE_UNITS, { error: "validation.choice" }).optional(),
  ...electorateFields,
};

type Dates = { candidacyDeadline: string; opensAt: string; closesAt: string };
const windowLongEnough = (value: Dates) =>
  Date.parse(value.closesAt) - Date.parse(value.opensAt) >= MIN_POLL_HOURS * 3_600_000;
const deadlineBeforePoll = (value: Dates) => value.candidacyDeadline <= value.opensAt;

/** POST /api/settings/elections. */
export const electionCreateSchema = z
  .strictObject(electionFields)
  .refine(windowLongEnough, { path: ["closesAt"], error: "validation.election.window" })
  .refine(deadlineBeforePoll, { path: ["candidacyDeadline"], error: "validation.election.deadline" });
export type ElectionCreateInput = z.input<typeof electionCreateSchema>;

/** PUT /api/settings/elections/:id: the same fields and the version read (a stale one: 409). */
export const electionUpdateSchema = z
  .strictObject({ ...electionFields, version: versionField })
  .refine(windowLongEnough, { path: ["closesAt"], error: "validation.election.window" })
  .refine(deadlineBeforePoll, { path: ["candidacyDeadline"], error: "validation.election.deadline" });
export type ElectionUpdateInput = z.input<typeof electionUpdateSchema>;

export const electionVersionSchema = z.strictObject({ version: versionField });
export const electionCancelSchema = z.strictObject({
  version: versionField,
  reason: paragraph(1000).pipe(z.string().min(1, { error: "validation.required" })),
});

/**
 * Closing an open poll. Before MIN_POLL_HOURS from its opening the families were promised more
 * time, so a reason is required (`closesBeforeMinimum` says when; the server checks the body with
 * `electionEarlyCloseSchema` then); later, the reason may be left out.
 */
export const electionCloseSchema = z.strictObject({ version: versionField, reason: paragraph(1000).optional() });
export const electionEarlyCloseSchema = z.strictObject({
  version: versionField,
  reason: z
    .string({ error: "validation.required" })
    .pipe(paragraph(1000))
    .pipe(z.string().min(1, { error: "validation.required" })),
});
export type ElectionCloseInput = z.infer<typeof electionCloseSchema>;

/** Whether closing at `at` ends the poll before the announced minimum (MIN_POLL_HOURS after it opened). */
export function closesBeforeMinimum(opensAt: string, at: Date): boolean {
  return at.getTime() < Date.parse(opensAt) + MIN_POLL_HOURS * 3_600_000;
}

export const electionIdParams = z.strictObject({ id: idParam });
export const electionListParams = z.strictObject({ listId: idParam });

/** POST /api/settings/elections/:id/lists: an organization runs in the election. */
export const electionListCreateSchema = z.strictObject({
  organizationId: positiveInt,
  name: text(120),
  statement: paragraph(2000).optional(),
});

/** PUT /api/settings/election-lists/:listId/candidates: the list's people, in order. */
export const electionCandidatesSchema = z.strictObject({
  candidates: z
    .array(
      z.strictObject({
        userId: positiveInt,
        statement: paragraph(2000).optional(),
        /**
         * YYYY-MM-DD, for the legal tie rule (the oldest candidate in line). Left out: the date
         * the representative's record holds, if any.
         */
        birthDate: birthDateField.optional(),
      }),
      { error: "validation.invalidType" },
    )
    .max(100, { error: "validation.tooManyItems" }),
});

export const organizationSchema = z.strictObject({
  name: text(120),
  acronym: text(20, { required: false }).optional(),
  description: paragraph(2000).optional(),
});
export type OrganizationInput = z.input<typeof organizationSchema>;

export const positionSchema = z.strictObject({
  code: z
    .string({ error: "validation.invalidType" })
    .regex(/^[a-z][a-z0-9_]{1,29}$/, { error: "validation.catalogCode" }),
  nameEs: text(120),
  nameEn: text(120),
  nameFr: text(120),
  sortOrder: z.number({ error: "validation.invalidType" }).int({ error: "validation.invalidType" }).min(0).max(999),
});

/** POST /api/elections/:id/vote: `{ listId }` (a list of this election) or `{ blank: true }`, one of the two. */
export const voteSchema = z
  .strictObject({ listId: positiveInt.optional(), blank: z.literal(true, { error: "validation.choice" }).optional() })
  .refine((value) => (value.listId === undefined) !== (value.blank === undefined), {
    path: ["listId"],
    error: "validation.choice",
  });

/** The candidate photo routes: the candidate's id; `v` only gives a new photo a new address. */
export const candidatePhotoParams = z.strictObject({ candidateId: idParam });
export const candidatePhotoQuery = z.strictObject({
  v: z
    .string({ error: "validation.invalidType" })
    .regex(/^[0-9a-f]{1,16}$/, { error: "validation.invalidType" })
    .optional(),
});

export const electionPhaseQuery = z.strictObject({
  phase: z.enum(["upcoming", "in-progress", "completed"], { error: "validation.choice" }),
});

// ---- answers ----

export const candidateViewSchema = z.object({
  id: z.number(),
  userId: z.number(),
  name: z.string(),
  rank: z.number(),
  statement: z.string().nullable(),
  /** For the tie rule; the Admin's views only (null on the families' pages, and when unknown). */
  birthDate: z.string().nullable(),
  /** The photo's address (a new one after each upload), null without a photo. */
  photoUrl: z.string().nullable(),
});

export const listViewSchema = z.object({
  id: z.number(),
  organizationId: z.number(),
  organizationName: z.string(),
  name: z.string(),
  statement: z.string().nullable(),
  candidates: z.array(candidateViewSchema),
});

export const electionViewSchema = z.object({
  id: z.number(),
  schoolYearId: z.number(),
  titleEs: z.string(),
  titleEn: z.string(),
  titleFr: z.string(),
  body: z.string(),
  seats: z.number(),
  candidacyDeadline: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
  /** The effective status: a scheduled election inside its window reads "open". */
  status: z.enum(ELECTION_STATUSES),
  cancelReason: z.string().nullable(),
  /** Why the Admin closed the poll before the announced minimum (null otherwise). */
  closeReason: z.string().nullable(),
  publishedAt: z.string().nullable(),
  voteUnit: z.enum(VOTE_UNITS),
  /** Who may vote (docs/elections.md "The electorate"). */
  electorate: electorateViewSchema,
  version: z.number(),
  lists: z.array(listViewSchema),
});
export type ElectionView = z.infer<typeof electionViewSchema>;

export const electedSchema = z.object({
  listId: z.number(),
  userId: z.number(),
  name: z.string(),
  rank: z.number(),
  position: z.enum(["titular", "substitute"]),
});

export const electionResultSchema = z.object({
  registeredVoters: z.number(),
  voters: z.number(),
  /** Percent, one decimal. */
  turnout: z.number(),
  blankVotes: z.number(),
  validVotes: z.number(),
  /** The Test role's ballots, kept apart and never counted. */
  testBallots: z.number(),
  seats: z.number(),
  unfilledSeats: z.number(),
  lotSeed: z.number(),
  tieBreaks: z.array(
    z.object({ lists: z.array(z.number()), winners: z.array(z.number()), rule: z.enum(["votes", "age", "lot"]) }),
  ),
  lists: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      votes: z.number(),
      byQuotient: z.number(),
      byRemainder: z.number(),
      seats: z.number(),
    }),
  ),
  elected: z.array(electedSchema),
});
export type ElectionResult = z.infer<typeof electionResultSchema>;

/** The minutes' (and the result screen's) sentence per tie rule, keys of the `elections:pdf` texts. */
export const TIE_TEXT = { votes: "tieVotes", age: "tieAge", lot: "tieLot" } as const;

export const turnoutSchema = z.object({ registeredVoters: z.number(), voters: z.number(), turnout: z.number() });

export const familyElectionSchema = electionViewSchema.extend({
  myVote: z.object({
    eligible: z.boolean(),
    reason: z.string().nullable(),
    votedAt: z.string().nullable(),
    voted: z.boolean(),
  }),
  result: electionResultSchema.nullable(),
});
export type FamilyElection = z.infer<typeof familyElectionSchema>;

export const receiptSchema = z.object({ receiptCode: z.string(), votedAt: z.string() });

/** The receipt's alphabet (Crockford base32 without I, L, O, U): what voting.service.ts draws from. */
export const RECEIPT_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * POST /api/elections/:id/receipt: a voter checks that their ballot is in the count. Read in a
 * body, never the address (the request log keeps addresses next to the account). Case, spaces
 * and dashes as typed are forgiven; the stored form is XXXX-XXXX-XXXX.
 */
export const receiptCheckSchema = z.strictObject({
  receiptCode: z
    .string({ error: "validation.election.receipt" })
    .max(40, { error: "validation.election.receipt" })
    .transform((value) => value.toUpperCase().replace(/[\s-]/g, ""))
    .refine((value) => value.length === 12 && [...value].every((c) => RECEIPT_ALPHABET.includes(c)), {
      error: "validation.election.receipt",
    })
    .transform((value) => `${value.slice(0, 4)}-${value.slice(4, 8)}-${value.slice(8)}`),
});
export type ReceiptCheckInput = z.input<typeof receiptCheckSchema>;

/** Only that the ballot is counted, and in which election: never the choice. */
export const receiptCheckResultSchema = z.object({ electionId: z.number(), counted: z.literal(true) });

export const organizationViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  acronym: z.string().nullable(),
  description: z.string().nullable(),
});
export const positionViewSchema = z.object({
  id: z.number(),
  code: z.string(),
  nameEs: z.string(),
  nameEn: z.string(),
  nameFr: z.string(),
  sortOrder: z.number(),
  /** Named by the count (titular, substitute): renamed, never recoded or deleted. */
  protected: z.boolean(),
});
export const eligibleVoterSchema = z.object({ userId: z.number(), name: z.string(), email: z.string() });
export const eligibleQuery = z.strictObject({ q: text(100, { required: false }).optional() });
