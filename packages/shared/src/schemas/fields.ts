import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN } from "../constants.ts";
import { LANGUAGE_CODES } from "../languages.ts";

/**
 * Field builders shared by every schema. Messages are i18n keys (namespace `validation`), so the
 * browser and the server translate the same rule into the user's language.
 */

// C0/C1 control characters except tab and line breaks (kept for multi-line fields).
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and zero-width
 * or invisible formatting characters (U+200B–U+200F, U+2060, U+FEFF). Invisible, they can
 * disguise a name in staff lists (U+202E shows "Ana\u202Eztirom" as "Anamoritz") or make two
 * equal-looking names differ. One rule, applied by every text builder: `text()` here,
 * `paragraph()` (workflow.ts), `observationField` (enrollment/common.ts) and the notices.
 */
export const INVISIBLE_FORMATTING = /[\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/;

/** The refinement that applies INVISIBLE_FORMATTING, with its translated message. */
export const visibleText = [
  (value: string) => !INVISIBLE_FORMATTING.test(value),
  { error: "validation.invisibleCharacters" },
] as const;

/** A trimmed single-line text: no control or invisible formatting characters, a bounded length. */
export function text(max: number, opts: { required?: boolean; min?: number } = {}) {
  const required = opts.required ?? true;
  return z
    .string({ error: "validation.invalidType" })
    .max(max * 4, { error: "validation.tooLong" })
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(required ? (opts.min ?? 1) : 0, { error: required ? "validation.required" : "validation.tooShort" })
        .max(max, { error: "validation.tooLong" })
        .refine((value) => !CONTROL_CHARS.test(value) && !/[\r\n\t]/.test(value), {
          error: "validation.controlCharacters",
        })
        .refine(...visibleText),
    );
}

export const emailField = z
  .string({ error: "validation.invalidType" })
  .max(1000, { error: "validation.tooLong" })
  .transform((value) => value.trim().toLowerCase())
  .pipe(
    z
      .string()
      .min(1, { error: "validation.emailRequired" })
      .max(254, { error: "validation.tooLong" })
      .pipe(z.email({ error: "validation.email" })),
  );

/** 8–128 characters, no composition rules (NIST SP 800-63B); common passwords are refused by the server. */
export const passwordField = z
  .string({ error: "validation.invalidType" })
  .min(1, { error: "validation.passwordRequired" })
  .min(PASSWORD_MIN, { error: "validation.passwordTooShort" })
  .max(PASSWORD_MAX, { error: "validation.passwordTooLong" })
  .refine((value) => !CONTROL_CHARS.test(value), { error: "validation.controlCharacters" });

export const languageField = z.enum(LANGUAGE_CODES, { error: "validation.language" });

/** International or Ecuadorian phone number: digits, spaces, +, -, parentheses; 7 to 20 digits. */
export const phoneField = text(30).refine(
  (value) =>
    /^\+?[\d\s\-()]+$/.test(value) && value.replace(/\D/g, "").length >= 7 && value.replace(/\D/g, "").length <= 20,
  { error: "validation.phone" },
);

export const tokenField = z
  .string({ error: "validation.invalidType" })
  .regex(/^[A-Za-z0-9_-]{20,128}$/, { error: "validation.token" });

export const idParam = z.coerce
  .number({ error: "validation.invalidType" })
  .int({ error: "validation.invalidType" })
  .positive({ error: "validation.invalidType" })
  .max(2_147_483_647, { error: "validation.invalidType" });
