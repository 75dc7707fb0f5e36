import { z } from "zod";
import { mismatch, nameFields, passwordsMatch } from "./auth.ts";
import { emailField, idParam, languageField, passwordField, phoneField, tokenField } from "./fields.ts";

/**
 * Shared households: a family's first account invites a second parent account; both
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

/**
 * What the invitation's link shows before anyone signs in (POST /api/household/invitation): who
 * invites, to which family, for which address, and whether that address has an account (sign in
 * to accept) or not (create it from the link). Only the holder of the link's token learns it.
 */
export const householdInvitationViewSchema = z.object({
  email: z.string(),
  inviter: z.string(),
  /** The inviting account's surnames: the family as the school knows it. */
  family: z.string(),
  /** The given names of the family's students, when it has some. */
  students: z.array(z.string()),
  expiresAt: z.string(),
  hasAccount: z.boolean(),
});
export type HouseholdInvitationView = z.infer<typeof householdInvitationViewSchema>;

/**
 * A second parent's sign-up from the invitation's link: the registration form without the e-mail
 * (the invitation's, which the link proves) and without the captcha (the link's token is the proof
 * a person was sent here).
 */
export const householdInvitationRegisterSchema = z
  .strictObject({
    token: tokenField,
    ...nameFields,
    password: passwordField,
    passwordConfirmation: z.string({ error: "validation.invalidType" }).max(1024, { error: "validation.tooLong" }),
    phone: phoneField,
    language: languageField,
  })
  .refine(passwordsMatch, mismatch);
export type HouseholdInvitationRegisterInput = z.infer<typeof householdInvitationRegisterSchema>;
