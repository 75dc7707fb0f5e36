import { requestableLevels } from "@portal/shared/rules/levels";
import { yearDiscountPercent } from "@portal/shared/rules/year-settings";
import type { FileContext } from "@portal/shared/schemas/enrollment-responses";
import type { AppContext } from "../../context.ts";
import type { CurrentUser } from "../../plugins/request-types.ts";
import { yearSettings } from "../settings/year-settings.service.ts";
import { type FileRow, listSteps } from "./enrollment.repository.ts";
import { ownFile, stepContext, stepDataReader } from "./enrollment.service.ts";
import { countFamilyFilesForYear, schoolYearStart } from "./file-context.repository.ts";

/**
 * What a file's forms need to apply the same rules as the server (docs/api.md): the levels this
 * student may ask for, the requested level (exit authorization), the birth date (vaccination
 * booklet, the level's usual age with the year's start), the family discount and the year's
 * constants and notices (Settings › General).
 */
export async function getFileContext(ctx: AppContext, user: CurrentUser, fileId: number): Promise<FileContext> {
  const { file, student } = await ownFile(ctx, user, fileId);
  return contextOfFile(ctx, file, student.family_user_id);
}

/** The same context for any file, whoever asks (the staff's module pages check their own access). */
export async function contextOfFile(
  ctx: AppContext,
  file: Pick<FileRow, "id" | "is_new_student" | "student_id" | "school_year_id">,
  familyUserId: number,
): Promise<FileContext> {
  const context = await stepContext(ctx, file, stepDataReader(await listSteps(ctx.db, file.id)));
  const [childrenThisYear, year, startsOn] = await Promise.all([
    countFamilyFilesForYear(ctx.db, familyUserId, file.school_year_id),
    yearSettings(ctx, file.school_year_id),
    schoolYearStart(ctx.db, file.school_year_id),
  ]);
  return {
    isNewStudent: context.isNewStudent,
    previousLevel: context.previousLevel,
    requestableLevels: requestableLevels({
      isNewStudent: context.isNewStudent,
      currentLevel: context.previousLevel,
      offered: context.offeredLevels,
    }),
    requestedLevel: context.requestedLevel,
    birthDate: context.birthDate,
    schoolYearStartsOn: startsOn,
    familyChildrenThisYear: childrenThisYear,
    familyDiscountPercent: yearDiscountPercent(year.constants, childrenThisYear),
    yearSettings: year,
  };
}
