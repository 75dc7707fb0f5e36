import { z } from "zod";
import { emailField, idParam, tokenField } from "./fields.ts";

/**
 * Shared households (issue #14): a family's first account invites a second parent account; both
 * then act for the same family. At most two accounts per household.
 */
export const HOUSEHOLD_MAX_ACCOUNTS = 2;
/** How long an invitation link stays valid. */
export const HOUSEHOLD_INVITATION_DAYS = 7;

export const householdInviteSchema = z.strictObject({ email: emailField });
export type HouseholdInviteInput = z.infer<typeof householdInviteSchema>;

export const householdJoinSchema = z.strictObject({ token: tokenField });
export type HouseholdJoinInput = z.infer<typeof householdJoinSchema>;

export const householdIdParams = z.strictObject({ id: idParam });

const householdAccountSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  /** The family's first account (the one that invites); the other is the second parent. */
  owner: z.boolean(),
  you: z.boolean(),
});
export type HouseholdAccount = z.infer<typeof householdAccountSchema>;

export const householdSchema = z.object({
  accounts: z.array(householdAccountSchema),
  /** Pending invitations, shown to the first account only. */
  invitations: z.array(z.object({ id: z.number(), email: z.string(), expiresAt: z.string() })),
  /** Whether the signed-in account may invite (the first account, while there is room). */
  canInvite: z.boolean(),
});
export type Household = z.infer<typeof householdSchema>;
