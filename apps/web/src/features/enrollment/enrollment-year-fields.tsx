import { Alert, Group, NativeSelect, Radio, SimpleGrid, TextInput } from "@mantine/core";
import { FIRST_INSCRIPTION } from "@portal/shared/schemas/enrollment/enrollment-year";
import { Controller, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { REQUIRED_FIELD } from "../../components/ui/required-field.ts";
import { useValidationText } from "../../lib/use-validation-text.ts";
import type { EnrollmentYearValues } from "./enrollment-year-form.ts";
import { type SelectOptions, withPlaceholder } from "./step-kit/catalog-options.ts";
import { StepSection } from "./step-kit/step-form.tsx";

/** What the fields show about the file besides its saved data. */
export interface EnrollmentYearInfo {
  /** Label of the file's school year ("2025-2026"). */
  schoolYearLabel: string;
  isNewStudent: boolean;
  /** Level of the student's previous file (re-enrollment), else null. */
  previousLevel: string | null;
  /** Levels this file may request (the server's rule, GET …/context). */
  requestableLevels: readonly string[];
}

/**
 * The fields of step 3 (spec 3 Enrollment year): the school year (the file's, shown), first
 * enrollment or re-enrollment, and the requested level among those the rules allow. Used by the
 * wizard step; the staff module page reuses it.
 */
export function EnrollmentYearFields({
  form,
  levels,
  info,
}: {
  form: UseFormReturn<EnrollmentYearValues>;
  /** The `levels` catalogue, in order. */
  levels: SelectOptions;
  info: EnrollmentYearInfo;
}) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const { errors } = form.formState;
  const allowed = levels.filter((level) => info.requestableLevels.includes(level.value));
  const previousLabel = levels.find((level) => level.value === info.previousLevel)?.label ?? info.previousLevel;
  const reEnrollment = !info.isNewStudent && info.previousLevel !== null;

  return (
    <StepSection id="enrollment-year" title={t("enrollment:enrollmentYear.sectionTitle")}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t("enrollment:enrollmentYear.schoolYear")}
          description={t("enrollment:enrollmentYear.schoolYearHint")}
          value={info.schoolYearLabel}
          readOnly
          error={errorText(errors.schoolYearId?.message)}
        />
        <Controller
          control={form.control}
          name="firstInscription"
          render={({ field }) => (
            <Radio.Group
              label={t("enrollment:enrollmentYear.firstInscription")}
              description={
                info.isNewStudent
                  ? t("enrollment:enrollmentYear.firstInscriptionNewHint")
                  : t("enrollment:enrollmentYear.firstInscriptionReHint")
              }
              withAsterisk
              value={field.value}
              onChange={field.onChange}
              name={field.name}
              error={errorText(errors.firstInscription?.message)}
            >
              <Group mt="xs">
                <Radio
                  ref={field.ref}
                  value={String(FIRST_INSCRIPTION.first)}
                  label={t("enrollment:enrollmentYear.first")}
                  // A file started from an earlier one is a re-enrollment.
                  disabled={!info.isNewStudent}
                  onBlur={field.onBlur}
                />
                <Radio
                  value={String(FIRST_INSCRIPTION.reEnrollment)}
                  label={t("enrollment:enrollmentYear.reEnrollment")}
                  disabled={!info.isNewStudent}
                  onBlur={field.onBlur}
                />
              </Group>
            </Radio.Group>
          )}
        />
      </SimpleGrid>
      {reEnrollment ? (
        <Alert color="blue" data-testid="level-rule">
          {allowed.length > 0
            ? t("enrollment:enrollmentYear.reEnrollmentNote", { level: previousLabel })
            : t("enrollment:enrollmentYear.noNextLevel", { level: previousLabel })}
        </Alert>
      ) : null}
      <NativeSelect
        label={t("enrollment:enrollmentYear.level")}
        description={
          reEnrollment ? t("enrollment:enrollmentYear.levelHint") : t("enrollment:enrollmentYear.firstEnrollmentNote")
        }
        data={withPlaceholder(allowed, t("enrollment:form.choose"))}
        {...REQUIRED_FIELD}
        {...form.register("levelCode")}
        error={errorText(errors.levelCode?.message)}
      />
    </StepSection>
  );
}
