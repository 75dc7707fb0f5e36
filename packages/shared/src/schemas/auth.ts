import { z } from "zod";
import { ROLES, STAFF_ROLES } from "../roles.ts";
import { emailField, idParam, languageField, passwordField, phoneField, text, tokenField } from "./fields.ts";

/** A school year's id as the login and the staff's year switch take it (spec 5: mandatory). */
const schoolYearIdField = z
  .number({ error: "validation.schoolYearRequired" })
  .int({ error: "validation.schoolYearRequired" })
  .positive({ error: "validation.schoolYearRequired" })
  .max(2_147_483_647, { error: "validation.schoolYearRequired" });

/** Spec 5 login rules: school year, e-mail and password mandatory. */
export const loginSchema = z.strictObject({
  schoolYearId: schoolYearIdField,
  email: emailField,
  password: z
    .string({ error: "validation.passwordRequired" })
    .min(1, { error: "validation.passwordRequired" })
    .max(1024, { error: "validation.tooLong" }),
  /**
   * A solved ALTCHA payload; needed only once the account or the address has failed too often
   * (the server answers 400 CAPTCHA_REQUIRED).
   */
  captcha: z.string({ error: "validation.invalidType" }).max(4096, { error: "validation.tooLong" }).optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const nameFields = {
  firstSurname: text(80),
  secondSurname: text(80, { required: false }),
  names: text(120),
};

export function passwordsMatch<T extends { password: string; passwordConfirmation: string }>(value: T) {
  return value.password === value.passwordConfirmation;
}
export const mismatch = { error: "validation.passwordMismatch", path: ["passwordConfirmation"] };

export const registerSchema = z
  .strictObject({
    ...nameFields,
    email: emailField,
    password: passwordField,
    passwordConfirmation: z.string({ error: "validation.invalidType" }).max(1024, { error: "validation.tooLong" }),
    phone: phoneField,
    language: languageField,
    /** Base64 ALTCHA payload produced by the browser's proof of work. */
    captcha: z
      .string({ error: "validation.captchaRequired" })
      .min(1, { error: "validation.captchaRequired" })
      .max(4096, { error: "validation.tooLong" }),
  })
  .refine(passwordsMatch, mismatch);
export type RegisterInput = z.infer<typeof registerSchema>;

export const emailOnlySchema = z.strictObject({ email: emailField });

/**
 * Forgot-password and resend-activation: the address, and a solved ALTCHA payload once the server
 * asks for one (400 EMAIL_LINK_CAPTCHA_REQUIRED: several requests from the client or for the address).
 */
export const emailLinkSchema = z.strictObject({
  email: emailField,
  captcha: z.string({ error: "validation.invalidType" }).max(4096, { error: "validation.tooLong" }).optional(),
});
export type EmailLinkInput = z.infer<typeof emailLinkSchema>;

export const tokenSchema = z.strictObject({ token: tokenField });

export const resetPasswordSchema = z
  .strictObject({
    token: tokenField,
    password: passwordField,
    passwordConfirmation: z.string({ error: "validation.invalidType" }).max(1024, { error: "validation.tooLong" }),
  })
  .refine(passwordsMatch, mismatch);

export const languageSchema = z.strictObject({ language: languageField });

/** PUT /api/session/school-year: the staff's selected school year (spec 3 `schoolYearSelected`). */
export const sessionSchoolYearSchema = z.strictObject({ schoolYearId: schoolYearIdField });

export const accountUpdateSchema = z.strictObject({ ...nameFields, phone: phoneField, language: languageField });
export type AccountUpdateInput = z.infer<typeof accountUpdateSchema>;

export const changePasswordSchema = z
  .strictObject({
    currentPassword: z
      .string({ error: "validation.passwordRequired" })
      .min(1, { error: "validation.passwordRequired" })
      .max(1024, { error: "validation.tooLong" }),
    password: passwordField,
    passwordConfirmation: z.string({ error: "validation.invalidType" }).max(1024, { error: "validation.tooLong" }),
  })
  .refine(passwordsMatch, mismatch);

export const roleChangeSchema = z.strictObject({ role: z.enum(ROLES, { error: "validation.role" }) });
export const userIdParams = z.strictObject({ id: idParam });

/** The Admin invites a staff member: the account starts not activated, without a password. */
export const invitationSchema = z.strictObject({
  ...nameFields,
  email: emailField,
  role: z.enum(STAFF_ROLES as ["Admin", "Secretaria", "Consulta", "Editor"], { error: "validation.role" }),
  language: languageField,
});
export type InvitationInput = z.infer<typeof invitationSchema>;

/** An invited account accepts with its link and chooses its password (POST /api/auth/invitation/accept). */
export const invitationAcceptSchema = resetPasswordSchema;

export const generalSettingsSchema = z.strictObject({
  maintenanceMode: z.boolean({ error: "validation.invalidType" }),
});
