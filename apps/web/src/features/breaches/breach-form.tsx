import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Checkbox, Fieldset, Group, Stack, Textarea, TextInput } from "@mantine/core";
import {
  BREACH_DATA_CATEGORIES,
  type BreachDetail,
  type BreachFamily,
  type BreachInput,
  breachCreateSchema,
} from "@portal/shared/schemas/breaches";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DateTimeField } from "../../components/ui/date-time-field.tsx";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { REQUIRED_FIELD } from "../../components/ui/required-field.ts";
import { hasErrorCode } from "../../lib/api-error.ts";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { notifySuccess } from "../../lib/toasts.ts";
import { useUnsavedChangesGuard } from "../../lib/use-unsaved-changes-guard.ts";
import { useValidationText } from "../../lib/use-validation-text.ts";
import { BreachFamiliesField } from "./breach-families-field.tsx";
import { BREACH_FIELDS, EMPTY_BREACH, formValuesOf } from "./breach-form-values.ts";
import { createBreach, saveBreach } from "./breaches-api.ts";

/** The incident's own fields: what happened, when, which data, which families, what was done. */
export function BreachForm({
  breach,
  onSaved,
  onConflict,
}: {
  breach: BreachDetail | null;
  onSaved: (saved: BreachDetail, created: boolean) => void;
  onConflict: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const [formError, setFormError] = useState<unknown>(null);
  const [chosen, setChosen] = useState<BreachFamily[]>(breach?.selectedFamilies ?? []);
  const form = useForm<BreachInput>({
    resolver: zodResolver(breachCreateSchema),
    defaultValues: breach ? formValuesOf(breach) : EMPTY_BREACH,
  });
  const { errors, isDirty } = form.formState;
  // A saved breach's edits are asked about before leaving; a new one has nothing saved to lose yet
  // and moves to its own address once recorded.
  useUnsavedChangesGuard(isDirty && breach !== null);
  const scope = form.watch("familyScope");
  const schoolYearId = form.watch("schoolYearId");

  const mutation = useMutation({
    mutationFn: (values: BreachInput) =>
      breach ? saveBreach(breach.id, { ...values, version: breach.version }) : createBreach(values),
    onMutate: () => setFormError(null),
    onSuccess: (saved) => {
      notifySuccess(t(breach ? "breaches:form.saved" : "breaches:form.created"));
      form.reset(formValuesOf(saved));
      onSaved(saved, breach === null);
    },
    onError: (error) => {
      if (hasErrorCode(error, "VERSION_CONFLICT")) onConflict();
      setFormError(applyServerFieldErrors(error, form.setError, BREACH_FIELDS) ? null : error);
    },
  });
  const setFamilies = (families: BreachFamily[]) => {
    setChosen(families);
    form.setValue(
      "familyIds",
      families.map((family) => family.id),
      { shouldDirty: true },
    );
  };

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))}>
      <Stack gap="md">
        <Fieldset legend={t("breaches:form.incident")}>
          <Stack gap="sm">
            <TextInput
              label={t("breaches:form.title")}
              {...REQUIRED_FIELD}
              {...form.register("title")}
              error={errorText(errors.title?.message)}
            />
            <Textarea
              label={t("breaches:form.description")}
              autosize
              minRows={3}
              {...REQUIRED_FIELD}
              {...form.register("description")}
              error={errorText(errors.description?.message)}
            />
            <Controller
              control={form.control}
              name="occurredAt"
              render={({ field }) => (
                <DateTimeField
                  legend={t("breaches:form.occurredAt")}
                  required
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={errorText(errors.occurredAt?.message)}
                />
              )}
            />
            <Controller
              control={form.control}
              name="discoveredAt"
              render={({ field }) => (
                <DateTimeField
                  legend={t("breaches:form.discoveredAt")}
                  required
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={errorText(errors.discoveredAt?.message)}
                />
              )}
            />
            <Controller
              control={form.control}
              name="categories"
              render={({ field }) => (
                <Checkbox.Group
                  label={t("breaches:form.categories")}
                  value={field.value}
                  onChange={field.onChange}
                  error={errorText(errors.categories?.message)}
                  {...REQUIRED_FIELD}
                >
                  <Stack gap={6} mt={4}>
                    {BREACH_DATA_CATEGORIES.map((category) => (
                      <Checkbox key={category} value={category} label={t(`breaches:categories.${category}`)} />
                    ))}
                  </Stack>
                </Checkbox.Group>
              )}
            />
            <Checkbox label={t("breaches:form.rightsAtRisk")} {...form.register("rightsAtRisk")} />
            <Textarea
              label={t("breaches:form.measures")}
              autosize
              minRows={2}
              {...form.register("measures")}
              error={errorText(errors.measures?.message)}
            />
            <TextInput
              label={t("breaches:form.contact")}
              description={t("breaches:form.contactHint")}
              {...form.register("contact")}
              error={errorText(errors.contact?.message)}
            />
          </Stack>
        </Fieldset>
        <BreachFamiliesField
          scope={scope}
          onScope={(next) => form.setValue("familyScope", next, { shouldDirty: true })}
          chosen={chosen}
          onChosen={setFamilies}
          schoolYearId={schoolYearId}
          onSchoolYear={(id) => form.setValue("schoolYearId", id, { shouldDirty: true })}
          error={errorText(errors.familyScope?.message)}
        />
        <FormErrorAlert error={formError} />
        <Group>
          <Button type="submit" loading={mutation.isPending}>
            {t("breaches:form.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
