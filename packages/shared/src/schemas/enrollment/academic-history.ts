import { z } from "zod";
import { isLevelCode } from "../../rules/levels.ts";
import { text } from "../fields.ts";
import { addIssue, countryField, isBlank, yesNoField } from "./common.ts";

const academicHistoryShape = {
  /**
   * Last level attended: a code of the `levels` catalogue (chosen from the list, whose
   * names give the Ecuadorian equivalent). Files saved before hold free text, which stays as it is.
   */
  previousLevel: text(60, { required: false }).optional(),
  /** The student repeated a year. */
  repeatingClass: yesNoField.default(false),
  institutionCountry: countryField.optional(),
  institutionCity: text(100, { required: false }).optional(),
  institutionName: text(150, { required: false }).optional(),
  /** The previous school belongs to the AEFE network (homologated French school). */
  aefeAccredited: yesNoField.default(false),
};

/**
 * Step 9: the student's schooling before this enrollment. Everything is optional (a child starting
 * in TPS has none), but a named previous school needs its country. The last level attended is a
 * level code, or the free text the step already holds (`savedPreviousLevel`, written before the
 * level list): a record keeps its old answer until someone chooses a level.
 */
export function academicHistorySchemaFor(context: { savedPreviousLevel?: string | null } = {}) {
  return z.strictObject(academicHistoryShape).superRefine((value, ctx) => {
    if (!isBlank(value.institutionName) && value.institutionCountry === undefined) {
      addIssue(ctx, ["institutionCountry"], "validation.required");
    }
    const level = value.previousLevel;
    if (!isBlank(level) && !isLevelCode(level) && level !== context.savedPreviousLevel) {
      addIssue(ctx, ["previousLevel"], "validation.level");
    }
  });
}

/** Step 9 for a file that holds no earlier answer: the last level attended must be a level code. */
export const academicHistorySchema = academicHistorySchemaFor();
export type AcademicHistoryInput = z.input<typeof academicHistorySchema>;
