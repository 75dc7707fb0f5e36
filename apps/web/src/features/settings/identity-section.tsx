import { zodResolver } from "@hookform/resolvers/zod";
import { ColorInput, TextInput } from "@mantine/core";
import { type GeneralSettingsPage, identityInputSchema } from "@portal/shared/schemas/general-settings";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { REQUIRED_FIELD } from "../../components/ui/required-field.ts";
import { hasErrorCode } from "../../lib/api-error.ts";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { useValidationText } from "../../lib/use-validation-text.ts";
import { LogoField } from "./logo-field.tsx";
import { saveIdentity } from "./settings-api.ts";
import { SettingsSection } from "./settings-section.tsx";
import { useSectionSave } from "./use-section-save.ts";

type Identity = GeneralSettingsPage["identity"];

const valuesOf = (identity: Identity) => ({
  schoolName: identity.schoolName,
  primaryColor: identity.primaryColor,
  version: identity.version,
});

/** Name and primary colour (one version-guarded save), and the logo (its own upload). */
export function IdentitySection({ identity }: { identity: Identity }) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const [formError, setFormError] = useState<unknown>(null);
  const form = useForm({ resolver: zodResolver(identityInputSchema), defaultValues: valuesOf(identity) });
  const { errors } = form.formState;

  // New data (saved here, or reloaded after a conflict): the form shows it.
  useEffect(() => {
    form.reset(valuesOf(identity));
  }, [identity, form]);

  const { mutation, conflict } = useSectionSave(saveIdentity, (error) => {
    if (hasErrorCode(error, "PRIMARY_COLOR_CONTRAST")) {
      form.setError("primaryColor", { type: "server", message: error.message }, { shouldFocus: true });
      return;
    }
    setFormError(applyServerFieldErrors(error, form.setError, ["schoolName", "primaryColor"]) ? null : error);
  });

  return (
    <SettingsSection
      id="identity"
      title={t("settings:general.identity.title")}
      titleOrder={2}
      hint={t("settings:general.identity.hint")}
      conflict={conflict}
      onSubmit={form.handleSubmit((values) => {
        setFormError(null);
        mutation.mutate(values);
      })}
      formError={formError}
      saving={mutation.isPending}
      saveLabel={t("settings:general.identity.save")}
      after={<LogoField identity={identity} />}
    >
      <TextInput
        label={t("settings:general.identity.schoolName")}
        description={t("settings:general.identity.default", { value: identity.defaults.schoolName })}
        {...REQUIRED_FIELD}
        {...form.register("schoolName")}
        error={errorText(errors.schoolName?.message)}
      />
      <Controller
        control={form.control}
        name="primaryColor"
        render={({ field }) => (
          <ColorInput
            label={t("settings:general.identity.primaryColor")}
            description={`${t("settings:general.identity.primaryColorHint")} ${t("settings:general.identity.default", {
              value: identity.defaults.primaryColor,
            })}`}
            format="hex"
            withEyeDropper={false}
            {...REQUIRED_FIELD}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            error={errorText(errors.primaryColor?.message)}
          />
        )}
      />
    </SettingsSection>
  );
}
