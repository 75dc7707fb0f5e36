import { z } from "zod";
import { LANGUAGE_CODES } from "../languages.ts";
import { ROLES } from "../roles.ts";
import { enrollmentWindowSchema } from "./school-years.ts";

/** What the API says about the signed-in user; response schemas strip anything else. */
export const sessionUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstSurname: z.string(),
  secondSurname: z.string(),
  names: z.string(),
  phone: z.string(),
  language: z.enum(LANGUAGE_CODES),
  role: z.enum(ROLES),
  isTestData: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const schoolYearSchema = z.object({
  id: z.number(),
  label: z.string(),
  isCurrent: z.boolean(),
  /** Either window open today. */
  enrollmentOpen: z.boolean(),
  /** The two enrollment windows, for the family's welcome screen. */
  newEnrollment: enrollmentWindowSchema,
  reEnrollment: enrollmentWindowSchema,
  /** Offered by the login's year selector: the current year, or a window open today. */
  familyMayAct: z.boolean(),
});
export type SchoolYear = z.infer<typeof schoolYearSchema>;

export const sessionSchema = z.object({
  user: sessionUserSchema.nullable(),
  /**
   * The password has passed but the second factor has not; `user` is null until it
   * does. `enrol`: set up the authenticator first; `verify`: type a code.
   */
  mfa: z.enum(["enrol", "verify"]).nullable(),
  schoolYear: schoolYearSchema.nullable(),
  language: z.enum(LANGUAGE_CODES),
  maintenance: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionSchema>;

export const brandingSchema = z.object({
  schoolName: z.string(),
  logoUrl: z.string(),
  primaryColor: z.string(),
  navColor: z.enum(["light", "dark"]),
});
export type Branding = z.infer<typeof brandingSchema>;

export const publicConfigSchema = z.object({
  branding: brandingSchema,
  maintenance: z.boolean(),
  registrationOpen: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const catalogItemSchema = z.object({
  code: z.string(),
  label: z.string(),
  order: z.number(),
  extra: z.record(z.string(), z.string()).optional(),
  /**
   * Disabled by the Admin: a form offers it only to a record that already holds it,
   * and still labels it wherever a record shows it.
   */
  disabled: z.boolean(),
});
export type CatalogItem = z.infer<typeof catalogItemSchema>;

/** An ALTCHA v1 challenge (GET /api/auth/captcha), solved in the browser before signing up. */
export const captchaChallengeSchema = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().optional(),
  salt: z.string(),
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;

export const okSchema = z.object({ ok: z.literal(true) });

/** Every API error: a stable code and a message in the user's language. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** Ids the client acts on, for the few errors that offer a way out (STUDENT_ALREADY_IN_FAMILY). */
    details: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
