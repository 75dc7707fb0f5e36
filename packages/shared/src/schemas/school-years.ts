import { z } from "zod";
import { LEVEL_CODES } from "../rules/levels.ts";
import { WINDOW_KINDS } from "../rules/school-year-windows.ts";
import { idParam } from "./fields.ts";

/** A calendar day, YYYY-MM-DD, that exists. */
const dayField = z
  .string({ error: "validation.date" })
  .max(10, { error: "validation.date" })
  .refine(
    (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    { error: "validation.date" },
  );

/** "2026-2027": two consecutive years. */
const labelField = z
  .string({ error: "validation.required" })
  .trim()
  .refine(
    (value) => {
      const match = /^(\d{4})-(\d{4})$/.exec(value);
      return Boolean(match) && Number(match?.[2]) === Number(match?.[1]) + 1;
    },
    { error: "validation.schoolYear.label" },
  );

const versionField = z
  .number({ error: "validation.invalidType" })
  .int({ error: "validation.invalidType" })
  .positive({ error: "validation.invalidType" });

const firstBeforeLast = (value: { startsOn: string; endsOn: string }) => value.startsOn < value.endsOn;
const datesOrder = { path: ["endsOn"], error: "validation.schoolYear.datesOrder" };

/** POST /api/settings/school-years: the next year, its first and last school day. */
export const schoolYearCreateSchema = z
  .strictObject({ label: labelField, startsOn: dayField, endsOn: dayField })
  .refine(firstBeforeLast, datesOrder);
export type SchoolYearCreateInput = z.input<typeof schoolYearCreateSchema>;

/** PUT /api/settings/school-years/:id: the school days and the levels offered that year. */
export const schoolYearUpdateSchema = z
  .strictObject({
    version: versionField,
    startsOn: dayField,
    endsOn: dayField,
    levelsOffered: z
      .array(z.enum(LEVEL_CODES, { error: "validation.level" }), { error: "validation.invalidType" })
      .min(1, { error: "validation.schoolYear.levelsRequired" })
      .max(LEVEL_CODES.length, { error: "validation.tooManyItems" })
      .refine((levels) => new Set(levels).size === levels.length, { error: "validation.invalidType" }),
  })
  .refine(firstBeforeLast, datesOrder);
export type SchoolYearUpdateInput = z.input<typeof schoolYearUpdateSchema>;

/**
 * PUT /api/settings/school-years/:id/windows/:kind: both dates or neither (no window), the
 * opening on or before the closing. The range against the year is checked with the year's dates
 * (rules/school-year-windows.ts `windowRangeProblem`).
 */
export const schoolYearWindowSchema = z
  .strictObject({ version: versionField, opensOn: dayField.nullable(), closesOn: dayField.nullable() })
  .refine((value) => (value.opensOn === null) === (value.closesOn === null), {
    path: ["closesOn"],
    error: "validation.schoolYear.windowBothDates",
  })
  .refine((value) => !value.opensOn || !value.closesOn || value.opensOn <= value.closesOn, {
    path: ["closesOn"],
    error: "validation.dateRangeOrder",
  });
export type SchoolYearWindowInput = z.input<typeof schoolYearWindowSchema>;

export const schoolYearIdParams = z.strictObject({ id: idParam });
export const schoolYearWindowParams = z.strictObject({
  id: idParam,
  kind: z.enum(WINDOW_KINDS, { error: "validation.choice" }),
});

export const enrollmentWindowSchema = z.object({
  opensOn: z.string().nullable(),
  closesOn: z.string().nullable(),
  /** When the Admin closed it early (ISO instant). */
  closedAt: z.string().nullable(),
  /** Open today (the school's day), as the server decides. */
  open: z.boolean(),
});
export type EnrollmentWindow = z.infer<typeof enrollmentWindowSchema>;

/** One year on the Admin's screen. */
export const schoolYearDetailSchema = z.object({
  id: z.number(),
  label: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  isCurrent: z.boolean(),
  version: z.number(),
  newEnrollment: enrollmentWindowSchema,
  reEnrollment: enrollmentWindowSchema,
  /** Enrollment files of the year (a year with files cannot be deleted). */
  fileCount: z.number(),
  /** Level codes offered that year (every level when the Admin never chose). */
  levelsOffered: z.array(z.string()),
});
export type SchoolYearDetail = z.infer<typeof schoolYearDetailSchema>;

export const schoolYearDetailListSchema = z.object({ items: z.array(schoolYearDetailSchema) });
