import { zodResolver } from "@hookform/resolvers/zod";
import { Text, TextInput } from "@mantine/core";
import {
  type SchoolYearCreateInput,
  type SchoolYearDetail,
  schoolYearCreateSchema,
} from "@portal/shared/schemas/school-years";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormDateField } from "../../components/ui/date-field.tsx";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
import { REQUIRED_FIELD } from "../../components/ui/required-field.ts";
import { hasErrorCode } from "../../lib/api-error.ts";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { notifySuccess } from "../../lib/toasts.ts";
import { useValidationText } from "../../lib/use-validation-text.ts";
import { createSchoolYear } from "./school-years-api.ts";
import { nextYearProposal } from "./year-proposal.ts";

const FIELDS = ["label", "startsOn", "endsOn"] as const;

/** Creates the next school year; the server copies the latest year's settings into it. */
export function CreateYearDialog({
  opened,
  latest,
  onClose,
  onCreated,
}: {
  opened: boolean;
  latest: SchoolYearDetail | undefined;
  onClose: () => void;
  onCreated: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const [formError, setFormError] = useState<unknown>(null);
  const form = useForm<SchoolYearCreateInput>({
    resolver: zodResolver(schoolYearCreateSchema),
    defaultValues: nextYearProposal(latest),
  });
  const { errors } = form.formState;
  useEffect(() => {
    if (opened) form.reset(nextYearProposal(latest));
  }, [opened, latest, form]);

  const close = () => {
    setFormError(null);
    onClose();
  };
  const mutation = useMutation({
    mutationFn: createSchoolYear,
    onMutate: () => setFormError(null),
    onSuccess: (year) => {
      notifySuccess(t("schoolYears:create.created", { label: year.label }));
      onCreated();
      close();
    },
    onError: (error) => {
      if (hasErrorCode(error, "SCHOOL_YEAR_LABEL_TAKEN")) {
        form.setError("label", { type: "server", message: error.message }, { shouldFocus: true });
        return;
      }
      if (hasErrorCode(error, "SCHOOL_YEAR_OVERLAP")) {
        form.setError("startsOn", { type: "server", message: error.message }, { shouldFocus: true });
        return;
      }
      setFormError(applyServerFieldErrors(error, form.setError, FIELDS) ? null : error);
    },
  });

  return (
    <FormDialog
      opened={opened}
      title={t("schoolYears:create.title")}
      onClose={close}
      onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      formError={formError}
      saving={mutation.isPending}
      submitLabel={t("schoolYears:create.submit")}
    >
      <TextInput
        label={t("schoolYears:create.label")}
        description={t("schoolYears:create.labelHint")}
        {...REQUIRED_FIELD}
        {...form.register("label")}
        error={errorText(errors.label?.message)}
      />
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
      {latest ? (
        <Text size="sm" c="dimmed">
          {t("schoolYears:create.copyNote", { label: latest.label })}
        </Text>
      ) : null}
    </FormDialog>
  );
}
