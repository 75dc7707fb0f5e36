import { NativeSelect, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { type UseFormReturn, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { REQUIRED_FIELD } from "../../components/ui/required-field.ts";
import { useValidationText } from "../../lib/use-validation-text.ts";
import { type AcademicHistoryValues, previousLevelOptions } from "./academic-history-form.ts";
import { type SelectOptions, withPlaceholder } from "./step-kit/catalog-options.ts";
import type { ACADEMIC_HISTORY_CATALOGS } from "./step-kit/step-catalogs.ts";
import { StepSection } from "./step-kit/step-form.tsx";
import { YesNoRadio } from "./yes-no-radio.tsx";

export type AcademicHistoryCatalogs = Record<(typeof ACADEMIC_HISTORY_CATALOGS)[number], SelectOptions>;

/**
 * The fields of step 9 (spec 3 Academic history): whether the student was at school before, then
 * the last level, a repeated year, the previous school (name, country, city) and whether it is an
 * AEFE school. Used by the wizard step; the staff module page reuses it.
 */
export function AcademicHistoryFields({
  form,
  catalogs,
}: {
  form: UseFormReturn<AcademicHistoryValues>;
  catalogs: AcademicHistoryCatalogs;
}) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const { errors } = form.formState;
  const schooledBefore = useWatch({ control: form.control, name: "schooledBefore" });
  const institutionName = useWatch({ control: form.control, name: "institutionName" });
  const countries = withPlaceholder(catalogs.countries, t("enrollment:form.choose"));
  const levels = withPlaceholder(
    previousLevelOptions(catalogs.levels, form.formState.defaultValues?.previousLevel, (value) =>
      t("enrollment:academicHistory.previousLevelTyped", { value }),
    ),
    t("enrollment:form.choose"),
  );

  return (
    <StepSection id="academic-history" title={t("enrollment:academicHistory.sectionTitle")}>
      <YesNoRadio
        form={form}
        name="schooledBefore"
        label={t("enrollment:academicHistory.schooledBefore")}
        description={t("enrollment:academicHistory.schooledBeforeHint")}
        required
      />
      {schooledBefore === "yes" ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t("enrollment:academicHistory.institutionName")}
              {...REQUIRED_FIELD}
              {...form.register("institutionName")}
              error={errorText(errors.institutionName?.message)}
            />
            <NativeSelect
              label={t("enrollment:academicHistory.institutionCountry")}
              data={countries}
              // The schema wants the country of a named school.
              {...(institutionName.trim() !== "" ? REQUIRED_FIELD : {})}
              {...form.register("institutionCountry")}
              error={errorText(errors.institutionCountry?.message)}
            />
            <TextInput
              label={t("enrollment:academicHistory.institutionCity")}
              {...form.register("institutionCity")}
              error={errorText(errors.institutionCity?.message)}
            />
            <NativeSelect
              label={t("enrollment:academicHistory.previousLevel")}
              description={t("enrollment:academicHistory.previousLevelHint")}
              data={levels}
              {...form.register("previousLevel")}
              error={errorText(errors.previousLevel?.message)}
            />
          </SimpleGrid>
          <YesNoRadio
            form={form}
            name="repeatingClass"
            label={t("enrollment:academicHistory.repeatingClass")}
            required
          />
          <YesNoRadio
            form={form}
            name="aefeAccredited"
            label={t("enrollment:academicHistory.aefeAccredited")}
            description={t("enrollment:academicHistory.aefeAccreditedHint")}
            required
          />
        </Stack>
      ) : null}
    </StepSection>
  );
}
