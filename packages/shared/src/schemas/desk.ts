import { z } from "zod";
import { IDENTIFICATION_TYPE } from "../catalogs.ts";
import { REQUEST_STATUSES } from "../request-status.ts";
import { nameFields } from "./auth.ts";
import { checkDocument, documentNumberField } from "./enrollment/common.ts";
import { emailField, idParam, languageField, phoneField } from "./fields.ts";
import { requestListQuerySchema } from "./requests.ts";

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

const { q, page, pageSize } = requestListQuerySchema.shape;

/**
 * GET /api/desk/families: the families created at the desk, newest first, searched over the
 * representative's names and identification (each word must match), paged as the staff lists.
 */
export const deskFamilyListQuerySchema = z.strictObject({ q, page, pageSize });
export type DeskFamilyListQueryInput = z.input<typeof deskFamilyListQuerySchema>;
export type DeskFamilyListQuery = z.output<typeof deskFamilyListQuerySchema>;

/** none: no e-mail yet; added: an e-mail, no invitation to it; invited: invitation queued to it; claimed: the parent's. */
export const DESK_EMAIL_STATES = ["none", "added", "invited", "claimed"] as const;
export type DeskEmailState = (typeof DESK_EMAIL_STATES)[number];

export const deskFamilyListItemSchema = z.object({
  id: z.number(),
  /** The representative's full name. */
  name: z.string(),
  typeIdentification: z.number(),
  documentNumber: z.string(),
  emailState: z.enum(DESK_EMAIL_STATES),
  /** The family's requests in every school year, and the newest one's status (null: none yet). */
  requestCount: z.number(),
  latestStatus: z.enum(REQUEST_STATUSES).nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type DeskFamilyListItem = z.infer<typeof deskFamilyListItemSchema>;

export const deskFamilyListSchema = z.object({
  items: z.array(deskFamilyListItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type DeskFamilyList = z.infer<typeof deskFamilyListSchema>;
