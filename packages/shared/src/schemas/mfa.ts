import { z } from "zod";

/**
 * Staff MFA: a 6-digit TOTP code, or one of the ten recovery codes (10 letters and
 * digits, shown as `xxxxx-xxxxx`). One field takes either; spaces and dashes are ignored.
 */
export const mfaCodeSchema = z.strictObject({
  code: z
    .string({ error: "validation.mfaCodeRequired" })
    .max(64, { error: "validation.tooLong" })
    .transform((value) => value.replace(/[\s-]/g, "").toLowerCase())
    .pipe(
      z
        .string()
        .min(1, { error: "validation.mfaCodeRequired" })
        .regex(/^(\d{6}|[a-z0-9]{10})$/, { error: "validation.mfaCode" }),
    ),
});
export type MfaCodeInput = z.infer<typeof mfaCodeSchema>;

/** Turning one's own (optional) MFA off asks for the password again. */
export const mfaDisableSchema = z.strictObject({
  currentPassword: z
    .string({ error: "validation.passwordRequired" })
    .min(1, { error: "validation.passwordRequired" })
    .max(1024, { error: "validation.tooLong" }),
});

/** The key to set up an authenticator with: scanned as a QR code or typed by hand. */
export const mfaSetupSchema = z.object({
  /** Base32, as authenticator apps take it typed. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** A PNG data URL of the QR code of `otpauthUrl`. */
  qrDataUrl: z.string(),
});
export type MfaSetup = z.infer<typeof mfaSetupSchema>;

/** Shown once, when the enrolment is confirmed. */
export const mfaRecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const mfaStatusSchema = z.object({
  enabled: z.boolean(),
  /** The role (or the Editors' setting) requires it: it cannot be turned off. */
  required: z.boolean(),
  recoveryCodesLeft: z.number(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

/** Settings › General: whether Editors must use MFA too (Admin, Secretaria, Consulta always do). */
export const mfaSettingsSchema = z.strictObject({
  editorsRequired: z.boolean({ error: "validation.invalidType" }),
});
export type MfaSettings = z.infer<typeof mfaSettingsSchema>;
