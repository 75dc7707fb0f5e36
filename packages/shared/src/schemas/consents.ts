import { z } from "zod";
import { CONSENT_KINDS } from "../consents.ts";
import { idParam } from "./fields.ts";
import { choice } from "./requests.ts";

/**
 * Withdrawing a consent (docs/rules/data-protection.md "Withdrawing a consent"): the family's
 * consents per child (GET /api/account/consents), a withdrawal (POST
 * /api/account/students/:studentId/consent-withdrawals), and what the staff see of a request
 * (GET /api/requests/:id/consents).
 */

export const consentWithdrawalParams = z.strictObject({ studentId: idParam });
export const requestConsentsParams = z.strictObject({ id: idParam });

export const consentWithdrawalBodySchema = z.strictObject({ consent: choice(CONSENT_KINDS) });
export type ConsentWithdrawalBody = z.infer<typeof consentWithdrawalBodySchema>;

/**
 * Where one consent stands: given (it is in use), withdrawn (given, then withdrawn), refused (never
 * given in the file, nothing to withdraw) or none (not answered yet). `version` is the text's
 * version given or withdrawn; `at` when.
 */
export const CONSENT_STATES = ["given", "withdrawn", "refused", "none"] as const;
export type ConsentStateName = (typeof CONSENT_STATES)[number];

export const consentStateSchema = z.object({
  state: z.enum(CONSENT_STATES),
  version: z.string().nullable(),
  at: z.string().nullable(),
});
export type ConsentState = z.infer<typeof consentStateSchema>;

/** One row of a consent's history: given, refused or withdrawn, by which account, on which version. */
export const consentEventSchema = z.object({
  consent: z.enum(CONSENT_KINDS),
  action: z.enum(["given", "refused", "withdrawn"]),
  version: z.string(),
  at: z.string(),
  byAccountId: z.number().int(),
});
export type ConsentEvent = z.infer<typeof consentEventSchema>;

export const childConsentsSchema = z.object({
  studentId: z.number().int(),
  studentName: z.string(),
  image: consentStateSchema,
  dataUse: consentStateSchema,
});
export type ChildConsents = z.infer<typeof childConsentsSchema>;

/** GET /api/account/consents: each of the family's children with a sent or started file. */
export const familyConsentsSchema = z.object({ children: z.array(childConsentsSchema) });
export type FamilyConsents = z.infer<typeof familyConsentsSchema>;

/** GET /api/requests/:id/consents: the request's file, as the staff see it. */
export const requestConsentsSchema = z.object({
  image: consentStateSchema,
  dataUse: consentStateSchema,
  history: z.array(consentEventSchema),
});
export type RequestConsents = z.infer<typeof requestConsentsSchema>;
