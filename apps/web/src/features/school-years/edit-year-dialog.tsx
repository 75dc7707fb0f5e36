import { zodResolver } from "@hookform/resolvers/zod";
import { Checkbox, SimpleGrid } from "@mantine/core";
import type { CatalogItem } from "@portal/shared/schemas/responses";
import {
  type SchoolYearDetail,
  type SchoolYearUpdateInput,
  schoolYearUpdateSchema,
} from "@portal/shared/schemas/school-years";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormDateField } from "../../components/ui/date-field.tsx";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
import { REQUIRED_FIELD } from "../../components/ui/required-field.ts";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { notifySuccess } from "../../lib/toasts.ts";
import { useValidationText } from "../../lib/use-validation-text.ts";
import { updateSchoolYear } from "./school-years-api.ts";

const FIELDS = ["startsOn", "endsOn", "levelsOffered"] as const;
const valuesOf = (year: SchoolYearDetail): SchoolYearUpdateInput => ({
  version: year.version,
  startsOn: year.startsOn,
  endsOn: year.endsOn,
  levelsOffered: year.levelsOffered as SchoolYearUpdateInput["levelsOffered"],
});

/** A year's school days and the levels it offers (the wizard offers only those). */
export function EditYearDialog({
  year,
  levels,
  onClose,
  onSaved,
  onConflict,
}: {
  year: SchoolYearDetail | null;
  levels: CatalogItem[];
  onClose: () => void;
  onSaved: () => void;
  onConflict: (error: unknown) => boolean;
}) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const [formError, setFormError] = useState<unknown>(null);
  const form = useForm<SchoolYearUpdateInput>({ resolver: zodResolver(schoolYearUpdateSchema) });
  const { errors } = form.formState;
  useEffect(() => {
    if (year) form.reset(valuesOf(year));
  }, [year, form]);

  const close = () => {
    setFormError(null);
    onClose();
  };
  const mutation = useMutation({
    mutationFn: (values: SchoolYearUpdateInput) => updateSchoolYear(year!.id, values),
    onMutate: () => setFormError(null),
    onSuccess: () => {
      notifySuccess(t("schoolYears:edit.saved"));
      onSaved();
      close();
    },
    onError: (error) => {
      if (onConflict(error)) return close();
      setFormError(applyServerFieldErrors(error, form.setError, FIELDS) ? null : error);
    },
  });

  return (
    <FormDialog
      opened={year !== null}
      title={t("schoolYears:edit.title", { label: year?.label ?? "" })}
      size="lg"
      onClose={close}
      onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      formError={formError}
      saving={mutation.isPending}
      submitLabel={t("schoolYears:edit.save")}
    >
      <FormDateField
        control={form.control}
        name="startsOn"
        label={t("schoolYears:create.startsOn")}
        {...REQUIRED_FIELD}
        error={errorText(errors.startsOn?.message)}
      />
      <FormDateField
        control={form.control}
        name="endsOn"
        label={t("schoolYears:create.endsOn")}
        {...REQUIRED_FIELD}
        error={errorText(errors.endsOn?.message)}
      />
      <Controller
        control={form.control}
        name="levelsOffered"
        render={({ field }) => (
          <Checkbox.Group
            label={t("schoolYears:card.levels")}
            description={t("schoolYears:edit.levelsHint")}
            value={field.value ?? []}
            onChange={field.onChange}
            error={errorText(errors.levelsOffered?.message)}
          >
            <SimpleGrid cols={{ base: 2, sm: 4 }} mt="xs">
              {levels.map((level) => (
                <Checkbox key={level.code} value={level.code} label={level.label} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        )}
      />
    </FormDialog>
  );
}
