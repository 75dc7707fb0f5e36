import { z } from "zod";
import { IDENTIFICATION_TYPE } from "../../catalogs.ts";
import { isValidDocumentNumber } from "../../rules/identification.ts";
import { phoneField, text, visibleText } from "../fields.ts";

/**
 * Pieces shared by the enrollment wizard's step schemas. Messages are i18n keys of the
 * `validation` namespace. Cross-field rules run once every field of the step is well-formed.
 */

/** The form-level message shown when a step is submitted with required fields missing (spec 5). */
export const FORM_INCOMPLETE_MESSAGE = "validation.completeRequired";

const MAX_INT = 2_147_483_647;

/** Adds one custom issue at `path` (relative to the object being refined). */
export function addIssue(ctx: z.RefinementCtx, path: (string | number)[], message: string): void {
  ctx.addIssue({ code: "custom", message, path });
}

/** Whether an optional text was left out or left empty. */
export function isBlank(value: string | undefined | null): boolean {
  return value === undefined || value === null || value.trim() === "";
}

/**
 * A reference to a file uploaded beforehand (uploads are not part of these JSON bodies): an
 * optional positive integer id. Rules that need the file are refinements (see `requireFile`).
 */
export const fileIdField = z
  .number({ error: "validation.invalidType" })
  .int({ error: "validation.invalidType" })
  .positive({ error: "validation.invalidType" })
  .max(MAX_INT, { error: "validation.invalidType" })
  .optional();

/** Refinement helper: the file id at `key` must be present. */
export function requireFile(ctx: z.RefinementCtx, value: Record<string, unknown>, key: string, message?: string) {
  if (value[key] === undefined) addIssue(ctx, [key], message ?? "validation.fileRequired");
}

/** A catalogue code (relationships, civilStatus, prefixes…): a bounded string; the server checks membership. */
export function codeField(max = 40) {
  return text(max);
}

/** Country or nationality: ISO 3166-1 alpha-2 code (the `countries` / `nationalities` catalogues). */
export const countryField = z
  .string({ error: "validation.invalidType" })
  .max(10, { error: "validation.country" })
  .transform((value) => value.trim().toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}$/, { error: "validation.country" }));

/** True for a real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Today's date as `YYYY-MM-DD` in the server's (or browser's) local time zone. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** An ISO `YYYY-MM-DD` date that exists on the calendar. */
export const dateField = z
  .string({ error: "validation.date" })
  .max(20, { error: "validation.date" })
  .transform((value) => value.trim())
  .pipe(z.string().refine(isIsoDate, { error: "validation.date" }));

/** A birth date: a real date from 1900-01-01 to today (ISO strings compare in date order). */
export const birthDateField = dateField
  .refine((value) => value >= "1900-01-01", { error: "validation.date" })
  .refine((value) => value <= todayIso(), { error: "validation.birthDateFuture" });

/** Identification type (spec 3): 1 = cédula, 2 = passport; default 1. */
export const identificationTypeField = z
  .union([z.literal(IDENTIFICATION_TYPE.cedula), z.literal(IDENTIFICATION_TYPE.passport)], {
    error: "validation.identificationType",
  })
  .default(IDENTIFICATION_TYPE.cedula);

/** The document number as typed, trimmed and upper-cased (passports mix letters and digits). */
export const documentNumberField = text(20).transform((value) => value.toUpperCase());

/** The identification pair of a person; checked against each other by `checkDocument`. */
export const documentFields = {
  typeIdentification: identificationTypeField,
  documentNumber: documentNumberField,
};

/** Refinement: cédula = 10 digits with a valid check digit; passport = 5 to 20 letters and digits. */
export function checkDocument(ctx: z.RefinementCtx, value: { typeIdentification: number; documentNumber: string }) {
  if (!isValidDocumentNumber(value.typeIdentification, value.documentNumber)) {
    addIssue(ctx, ["documentNumber"], "validation.documentNumber");
  }
}

/** The second entry of an "entered twice" pair: compared, not validated on its own. */
export const confirmationField = z
  .string({ error: "validation.invalidType" })
  .max(1000, { error: "validation.tooLong" });

const normaliseEmail = (value: string) => value.trim().toLowerCase();
const normalisePhone = (value: string) => value.replace(/[^\d+]/g, "");

/** E-mail and cell phone, each entered twice (spec 5); the pairs are checked by `checkConfirmations`. */
export const cellPhoneFields = { cellPhone: phoneField, cellPhoneConfirmation: confirmationField };

/** Refinement: each confirmation present in `value` must match its field (case and spacing ignored). */
export function checkConfirmations(
  ctx: z.RefinementCtx,
  value: { email?: string; emailConfirmation?: string; cellPhone?: string; cellPhoneConfirmation?: string },
) {
  if (value.emailConfirmation !== undefined && normaliseEmail(value.emailConfirmation) !== value.email) {
    addIssue(ctx, ["emailConfirmation"], "validation.emailMismatch");
  }
  if (
    value.cellPhoneConfirmation !== undefined &&
    normalisePhone(value.cellPhoneConfirmation) !== normalisePhone(value.cellPhone ?? "")
  ) {
    addIssue(ctx, ["cellPhoneConfirmation"], "validation.cellPhoneMismatch");
  }
}

/** Refinement: a relationship of OTHER needs `relationshipOther` to say which. */
export function checkRelationshipOther(
  ctx: z.RefinementCtx,
  value: { relationshipStudentCode: string; relationshipOther?: string },
) {
  if (value.relationshipStudentCode === "OTHER" && isBlank(value.relationshipOther)) {
    addIssue(ctx, ["relationshipOther"], "validation.relationshipOther");
  }
}

/** Optional e-mail: empty or a valid address (normalised to lower case). */
export const optionalEmailField = z
  .string({ error: "validation.invalidType" })
  .max(1000, { error: "validation.tooLong" })
  .transform(normaliseEmail)
  .refine((value) => value === "" || (value.length <= 254 && z.email().safeParse(value).success), {
    error: "validation.email",
  })
  .optional();

/** Optional phone: empty or a valid phone number. */
export const optionalPhoneField = text(30, { required: false })
  .refine((value) => value === "" || phoneField.safeParse(value).success, { error: "validation.phone" })
  .optional();

/** Postal code: optional, up to 10 letters, digits, spaces or hyphens. */
export const postalCodeField = text(10, { required: false })
  .refine((value) => /^[A-Za-z0-9 -]*$/.test(value), { error: "validation.postalCode" })
  .optional();

/** A yes/no answer the user must give (not necessarily yes). */
export const yesNoField = z.boolean({ error: "validation.required" });

// C0/C1 control characters except tab and line breaks, which multi-line texts keep.
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** A multi-line free text (observations, justifications): optional here, required by refinements. */
export const observationField = z
  .string({ error: "validation.invalidType" })
  .max(4000, { error: "validation.tooLong" })
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .max(1000, { error: "validation.tooLong" })
      .refine((value) => !CONTROL_CHARS.test(value), { error: "validation.controlCharacters" })
      .refine(...visibleText),
  )
  .optional();
