import { zodResolver } from "@hookform/resolvers/zod";
import { SimpleGrid, TextInput } from "@mantine/core";
import { constantsInputSchema, type GeneralSettingsPage } from "@portal/shared/schemas/general-settings";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { REQUIRED_FIELD } from "../../components/ui/required-field.ts";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { useValidationText } from "../../lib/use-validation-text.ts";
import { saveConstants } from "./settings-api.ts";
import { SettingsSection } from "./settings-section.tsx";
import { useSectionSave } from "./use-section-save.ts";

const NUMBERS = ["discountPercent", "discountChildren", "contractSigningHours"] as const;
const TIMES = ["schoolDayExit", "middayBreakFrom", "middayBreakTo"] as const;
const FIELDS = [...NUMBERS, ...TIMES] as const;

/** Spec 9's constants for the chosen school year, each with its default shown. */
export function ConstantsSection({ page }: { page: GeneralSettingsPage }) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const [formError, setFormError] = useState<unknown>(null);
  const form = useForm({ resolver: zodResolver(constantsInputSchema), defaultValues: page.constants });
  const { errors } = form.formState;
  const yearId = page.schoolYear.id;

  useEffect(() => {
    form.reset(page.constants);
  }, [page.constants, form]);

  const { mutation, conflict } = useSectionSave(
    (input: typeof page.constants) => saveConstants(yearId, input),
    (error) => setFormError(applyServerFieldErrors(error, form.setError, FIELDS) ? null : error),
  );

  return (
    <SettingsSection
      id="constants"
      title={t("settings:general.constants.title")}
      titleOrder={3}
      hint={t("settings:general.constants.hint")}
      conflict={conflict}
      onSubmit={form.handleSubmit((values) => {
        setFormError(null);
        mutation.mutate(values);
      })}
      formError={formError}
      saving={mutation.isPending}
      saveLabel={t("settings:general.constants.save")}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {NUMBERS.map((name) => (
          <TextInput
            key={name}
            type="number"
            inputMode="numeric"
            label={t(`settings:general.constants.${name}`)}
            description={t("settings:general.constants.default", { value: page.defaultConstants[name] })}
            {...REQUIRED_FIELD}
            {...form.register(name, { valueAsNumber: true })}
            error={errorText(errors[name]?.message)}
          />
        ))}
        {TIMES.map((name) => (
          <TextInput
            key={name}
            type="time"
            label={t(`settings:general.constants.${name}`)}
            description={t("settings:general.constants.default", { value: page.defaultConstants[name] })}
            {...REQUIRED_FIELD}
            {...form.register(name)}
            error={errorText(errors[name]?.message)}
          />
        ))}
      </SimpleGrid>
    </SettingsSection>
  );
}
