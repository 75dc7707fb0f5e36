import { z } from "zod";
import { IDENTIFICATION_TYPE } from "../catalogs.ts";
import { nameFields } from "./auth.ts";
import { checkDocument, documentNumberField } from "./enrollment/common.ts";
import { emailField, idParam, languageField, phoneField } from "./fields.ts";

/**
 * Enrollment at the office (docs/rules/staff-workflow.md "Walk-in families"): the secretary creates
 * a family account for a parent at the desk, fills the wizard for it and later invites the parent to
 * claim the account. An account created without an e-mail holds a reserved address that no mail
 * can reach (RFC 2606 `.invalid`), so nobody signs in with it and the outbox never tries it.
 */
export const DESK_NO_EMAIL_DOMAIN = "no-email.invalid";

/** Whether an account's address is the reserved one of a family created at the desk without e-mail. */
export function isDeskPlaceholderEmail(email: string): boolean {
  return email.toLowerCase().endsWith(`@${DESK_NO_EMAIL_DOMAIN}`);
}

export const deskFamilyCreateSchema = z
  .strictObject({
    ...nameFields,
    // Required here (the wizard's field defaults to a cédula): the secretary says which document she saw.
    typeIdentification: z.union([z.literal(IDENTIFICATION_TYPE.cedula), z.literal(IDENTIFICATION_TYPE.passport)], {
      error: "validation.identificationType",
    }),
    documentNumber: documentNumberField,
    phone: phoneField,
    language: languageField,
    /** Optional: without it the account cannot sign in until one is added and the invitation used. */
    email: emailField.optional(),
  })
  .superRefine((value, ctx) => checkDocument(ctx, value));
export type DeskFamilyCreateInput = z.input<typeof deskFamilyCreateSchema>;

export const deskFamilyEmailSchema = z.strictObject({ email: emailField });
export type DeskFamilyEmailInput = z.infer<typeof deskFamilyEmailSchema>;

export const deskFamilyParams = z.strictObject({ id: idParam });

export const deskFamilyCreatedSchema = z.object({ id: z.number() });

/** Where the latest invitation e-mail stands in the outbox (null: never invited). */
export const deskInvitationStateSchema = z
  .object({
    queuedAt: z.string(),
    /** pending: waiting for the mail server (down, or not tried yet); sent; failed: given up. */
    status: z.enum(["pending", "sent", "failed"]),
    expiresAt: z.string(),
  })
  .nullable();

export const deskFamilySchema = z.object({
  id: z.number(),
  names: z.string(),
  firstSurname: z.string(),
  secondSurname: z.string(),
  typeIdentification: z.number(),
  documentNumber: z.string(),
  phone: z.string(),
  language: z.string(),
  /** Null while the account has no e-mail. */
  email: z.string().nullable(),
  /** The parent has set a password from the invitation: the account is theirs. */
  claimed: z.boolean(),
  createdAt: z.string(),
  /** The staff member who created the account. */
  createdBy: z.string().nullable(),
  invitation: deskInvitationStateSchema,
  students: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type DeskFamily = z.infer<typeof deskFamilySchema>;
