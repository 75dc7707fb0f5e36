import { z } from "zod";
import { REQUEST_STATUSES } from "../request-status.ts";
import { LEVEL_CODES } from "../rules/levels.ts";

/*
 * Who may vote, per election (docs/elections.md "The electorate"): the families with a request of
 * the election's school year in one of the chosen statuses, optionally for some levels only.
 */

/** The default electorate: requests the school has accepted (Accepted, Validated, Confirmed, Finished). */
export const DEFAULT_ELECTORATE_STATUSES = ["Accepted", "Validated", "Confirmed", "Finished"] as const;

/** The create/update body's fields; left out: the default statuses (creation) or unchanged (update). */
export const electorateFields = {
  electorateStatuses: z
    .array(z.enum(REQUEST_STATUSES, { error: "validation.choice" }), { error: "validation.invalidType" })
    .min(1, { error: "validation.required" })
    .max(REQUEST_STATUSES.length, { error: "validation.tooManyItems" })
    .transform((list) => [...new Set(list)])
    .optional(),
  /** Empty: every level. */
  electorateLevels: z
    .array(z.enum(LEVEL_CODES, { error: "validation.level" }), { error: "validation.invalidType" })
    .max(LEVEL_CODES.length, { error: "validation.tooManyItems" })
    .transform((list) => [...new Set(list)])
    .optional(),
};

export const electorateViewSchema = z.object({
  statuses: z.array(z.enum(REQUEST_STATUSES)),
  /** Empty: every level. */
  levels: z.array(z.enum(LEVEL_CODES)),
  /** When the register was frozen (the poll's opening), null before. */
  frozenAt: z.string().nullable(),
});
export type ElectorateView = z.infer<typeof electorateViewSchema>;

/** GET /api/settings/elections/:id/register: the register's names, for posting. */
export const registerExportQuery = z.strictObject({
  format: z.enum(["csv", "xlsx"], { error: "validation.choice" }),
});
