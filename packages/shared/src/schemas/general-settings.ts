import { z } from "zod";
import { NOTICE_KINDS } from "../rules/year-settings.ts";
import { text, visibleText } from "./fields.ts";

/**
 * Settings › General: school identity, the notices families see and spec 9's
 * constants per school year. Every save carries the `version` it read (0: never saved, the
 * defaults); a stale one is a 409 and the page reloads.
 */

export const versionField = z
  .number({ error: "validation.invalidType" })
  .int({ error: "validation.invalidType" })
  .min(0, { error: "validation.invalidType" })
  .max(2_147_483_647, { error: "validation.invalidType" });

export const hexColorField = z
  .string({ error: "validation.invalidType" })
  .regex(/^#[0-9a-fA-F]{6}$/, { error: "validation.hexColor" })
  .transform((value) => value.toLowerCase());

export const identityInputSchema = z.strictObject({
  schoolName: text(120),
  primaryColor: hexColorField,
  version: versionField,
});
export type IdentityInput = z.infer<typeof identityInputSchema>;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeField = z.string({ error: "validation.invalidType" }).regex(TIME, { error: "validation.time" });
const wholeNumber = (min: number, max: number, error: string) =>
  z.number({ error: "validation.invalidType" }).int({ error }).min(min, { error }).max(max, { error });

export const constantsInputSchema = z
  .strictObject({
    discountPercent: wholeNumber(0, 100, "validation.discountPercent"),
    discountChildren: wholeNumber(2, 20, "validation.discountChildren"),
    contractSigningHours: wholeNumber(1, 72, "validation.signingHours"),
    schoolDayExit: timeField,
    middayBreakFrom: timeField,
    middayBreakTo: timeField,
    version: versionField,
  })
  .refine((value) => value.middayBreakFrom < value.middayBreakTo, {
    path: ["middayBreakTo"],
    error: "validation.timeRangeOrder",
  });
export type ConstantsInput = z.infer<typeof constantsInputSchema>;

/** Free text, line breaks allowed; "" = the portal's built-in text for that language. */
const noticeText = z
  .string({ error: "validation.invalidType" })
  .max(2000, { error: "validation.tooLong" })
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .max(500, { error: "validation.tooLong" })
      .refine((value) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/.test(value), {
        error: "validation.controlCharacters",
      })
      .refine(...visibleText),
  );
const noticeLanguages = z.strictObject({ es: noticeText, en: noticeText, fr: noticeText });

export const noticesInputSchema = z.strictObject({
  print: noticeLanguages,
  discount: noticeLanguages,
  contract: noticeLanguages,
  version: versionField,
});
export type NoticesInput = z.infer<typeof noticesInputSchema>;

export const schoolYearParamsSchema = z.strictObject({
  schoolYearId: z.coerce
    .number({ error: "validation.invalidType" })
    .int({ error: "validation.invalidType" })
    .positive({ error: "validation.invalidType" })
    .max(2_147_483_647, { error: "validation.invalidType" }),
});
export const generalSettingsQuerySchema = z.strictObject({
  schoolYearId: schoolYearParamsSchema.shape.schoolYearId.optional(),
});

const constantsSchema = z.object({
  discountPercent: z.number(),
  discountChildren: z.number(),
  contractSigningHours: z.number(),
  schoolDayExit: z.string(),
  middayBreakFrom: z.string(),
  middayBreakTo: z.string(),
});
const noticesSchema = z.object(
  Object.fromEntries(
    NOTICE_KINDS.map((kind) => [kind, z.object({ es: z.string(), en: z.string(), fr: z.string() })]),
  ) as {
    [K in (typeof NOTICE_KINDS)[number]]: z.ZodObject<{ es: z.ZodString; en: z.ZodString; fr: z.ZodString }>;
  },
);

/** What a family's screens need of the year: its constants and the school's notice texts. */
export const yearSettingsSchema = z.object({
  schoolYearId: z.number(),
  constants: constantsSchema,
  notices: noticesSchema,
});
export type YearSettings = z.infer<typeof yearSettingsSchema>;

/** GET /api/settings/general: everything the page shows, with the version of each section. */
export const generalSettingsPageSchema = z.object({
  maintenanceMode: z.boolean(),
  identity: z.object({
    schoolName: z.string(),
    primaryColor: z.string(),
    /** True when an Admin uploaded a logo (else the environment's or the built-in one is served). */
    customLogo: z.boolean(),
    logoUrl: z.string(),
    version: z.number(),
    defaults: z.object({ schoolName: z.string(), primaryColor: z.string() }),
  }),
  schoolYear: z.object({ id: z.number(), label: z.string(), isCurrent: z.boolean() }),
  schoolYears: z.array(z.object({ id: z.number(), label: z.string(), isCurrent: z.boolean() })),
  constants: constantsSchema.extend({ version: z.number() }),
  notices: noticesSchema.extend({ version: z.number() }),
  defaultConstants: constantsSchema,
});
export type GeneralSettingsPage = z.infer<typeof generalSettingsPageSchema>;
