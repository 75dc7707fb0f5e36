import { isLevelCode, type LevelCode } from "@portal/shared/rules/levels";
import type { FileContext } from "@portal/shared/schemas/enrollment-responses";

/**
 * The level a file's birth date is judged against on the student step: the level
 * already chosen on step 3, else a re-enrollment's only possible level (the next one). A new
 * student's level is chosen after the student step: step 3 asks then.
 */
export function knownLevelOf(
  context: Pick<FileContext, "requestedLevel" | "isNewStudent" | "requestableLevels">,
): LevelCode | null {
  if (isLevelCode(context.requestedLevel)) return context.requestedLevel;
  const only = context.requestableLevels.length === 1 ? context.requestableLevels[0] : undefined;
  return !context.isNewStudent && isLevelCode(only) ? only : null;
}
