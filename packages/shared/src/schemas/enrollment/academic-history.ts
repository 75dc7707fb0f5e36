import { z } from "zod";
import { text } from "../fields.ts";
import { addIssue, countryField, isBlank, yesNoField } from "./common.ts";

/**
 * Step 9: the student's schooling before this enrollment. Everything is optional (a child starting
 * in TPS has none), but a named previous school needs its country.
 */
export const academicHistorySchema = z
  .strictObject({
    /** Last level attended, as named by that school (free text: it may be another system). */
    previousLevel: text(60, { required: false }).optional(),
    /** The student repeated a year. */
    repeatingClass: yesNoField.default(false),
    institutionCountry: countryField.optional(),
    institutionCity: text(100, { required: false }).optional(),
    institutionName: text(150, { required: false }).optional(),
    /** The previous school belongs to the AEFE network (homologated French school). */
    aefeAccredited: yesNoField.default(false),
  })
  .superRefine((value, ctx) => {
    if (!isBlank(value.institutionName) && value.institutionCountry === undefined) {
      addIssue(ctx, ["institutionCountry"], "validation.required");
    }
  });
export type AcademicHistoryInput = z.input<typeof academicHistorySchema>;
