import { checkBirthDate } from "@portal/shared/rules/birth-date-plausibility";
import { isLevelCode } from "@portal/shared/rules/levels";
import { confirm } from "../../lib/confirm.tsx";
import { i18n } from "../../lib/i18n.ts";

/**
 * Before saving a birth date far from the level's usual age (the shared rule), the
 * family confirms it; never a refusal. Resolves true when there is nothing to ask or the family
 * confirms. `levelLabel` names the level as the level list does.
 */
export async function confirmUsualBirthDate(opts: {
  birthDate: string;
  level: string | null;
  schoolYearStartsOn: string;
  levelLabel: (code: string) => string;
}): Promise<boolean> {
  const level = isLevelCode(opts.level) ? opts.level : null;
  const check = checkBirthDate({ birthDate: opts.birthDate, level, schoolYearStartsOn: opts.schoolYearStartsOn });
  if (!check || check.plausible || !level) return true;
  return confirm({
    title: i18n.t("enrollment:birthDateCheck.title"),
    text: i18n.t("enrollment:birthDateCheck.text", {
      level: opts.levelLabel(level),
      usualYear: check.usualBirthYear,
      birthYear: check.birthYear,
    }),
    confirmLabel: i18n.t("enrollment:birthDateCheck.confirm"),
    cancelLabel: i18n.t("enrollment:birthDateCheck.cancel"),
  });
}
