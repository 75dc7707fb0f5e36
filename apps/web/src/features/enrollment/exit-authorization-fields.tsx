import { Alert, Checkbox, Stack, Text } from "@mantine/core";
import { canExitAlone, type LevelCode } from "@portal/shared/rules/levels";
import { DEFAULT_YEAR_CONSTANTS, type YearConstants } from "@portal/shared/rules/year-settings";
import { EMERGENCY_PREFERENCES } from "@portal/shared/schemas/enrollment/exit-authorization";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useValidationText } from "../../lib/use-validation-text.ts";
import type { ExitAuthorizationValues } from "./exit-authorization-form.ts";
import { ChoiceRadioField } from "./step-kit/choice-radio-field.tsx";
import { StepSection } from "./step-kit/step-form.tsx";
import { YesNoRadio } from "./yes-no-radio.tsx";

/**
 * The fields of step 12 (spec 3 Exit authorization, spec 5 and 9): the 16:00 exit and, for
 * Seconde, Première and Terminale only, leaving alone, the midday break (11:45–12:45) and free
 * periods; the emergency preference; image, events and outings. The authorization must be
 * notarised: it is among the documents to sign at the end. Used by the wizard step; the staff
 * module page can reuse it.
 */
export function ExitAuthorizationFields({
  form,
  level,
  levelLabel,
  constants = DEFAULT_YEAR_CONSTANTS,
}: {
  form: UseFormReturn<ExitAuthorizationValues>;
  /** The level requested in the enrollment-year step. */
  level: LevelCode;
  levelLabel: string;
  /** The file's year's times (Settings › General); the defaults otherwise. */
  constants?: YearConstants;
}) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const { errors } = form.formState;
  const upper = canExitAlone(level);
  const times = { exit: constants.schoolDayExit, from: constants.middayBreakFrom, to: constants.middayBreakTo };

  return (
    <>
      <StepSection id="exit-end-of-day" title={t("enrollment:exitAuthorization.exitTitle")}>
        <Text size="sm">{t("enrollment:exitAuthorization.exitTime", times)}</Text>
        <Text size="sm" data-testid="exit-level">
          {t("enrollment:exitAuthorization.level", { level: levelLabel })}
        </Text>
        {upper ? (
          <Stack gap="sm">
            <Text size="sm">{t("enrollment:exitAuthorization.upperIntro")}</Text>
            <Checkbox
              label={t("enrollment:exitAuthorization.exitAlone", times)}
              {...form.register("exitAlone")}
              error={errorText(errors.exitAlone?.message)}
            />
            <Checkbox
              label={t("enrollment:exitAuthorization.middayBreak", times)}
              {...form.register("middayBreak")}
              error={errorText(errors.middayBreak?.message)}
            />
            <Checkbox
              label={t("enrollment:exitAuthorization.freePeriods")}
              {...form.register("freePeriods")}
              error={errorText(errors.freePeriods?.message)}
            />
          </Stack>
        ) : (
          <Text size="sm" data-testid="exit-alone-not-offered">
            {t("enrollment:exitAuthorization.lowerLevels", times)}
          </Text>
        )}
        <Alert color="yellow" title={t("enrollment:exitAuthorization.notarisedTitle")}>
          {t("enrollment:exitAuthorization.notarised")}
        </Alert>
      </StepSection>

      <StepSection id="exit-emergency" title={t("enrollment:exitAuthorization.emergencyTitle")}>
        <ChoiceRadioField
          form={form}
          name="emergencyPreference"
          label={t("enrollment:exitAuthorization.emergencyPreference")}
          options={EMERGENCY_PREFERENCES.map((value) => ({
            value,
            label: t(`enrollment:exitAuthorization.emergency.${value}`),
          }))}
        />
      </StepSection>

      <StepSection id="exit-other" title={t("enrollment:exitAuthorization.otherTitle")}>
        <YesNoRadio form={form} name="publishImage" label={t("enrollment:exitAuthorization.publishImage")} required />
        <YesNoRadio form={form} name="events" label={t("enrollment:exitAuthorization.events")} required />
        <YesNoRadio
          form={form}
          name="pedagogicExits"
          label={t("enrollment:exitAuthorization.pedagogicExits")}
          required
        />
      </StepSection>
    </>
  );
}
