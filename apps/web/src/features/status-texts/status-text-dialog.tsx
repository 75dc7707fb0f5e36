import { zodResolver } from "@hookform/resolvers/zod";
import { Textarea, TextInput } from "@mantine/core";
import {
  EXPLANATION_FIELDS,
  LABEL_FIELDS,
  STATUS_EXPLANATION_MAX,
  STATUS_LABEL_MAX,
  type StatusTextAdmin,
  statusTextSaveSchema,
} from "@portal/shared/schemas/status-texts";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
import { REQUIRED_FIELD } from "../../components/ui/required-field.ts";
import { hasErrorCode } from "../../lib/api-error.ts";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { useValidationText } from "../../lib/use-validation-text.ts";
import { saveStatusText } from "./status-texts-api.ts";

const formSchema = statusTextSaveSchema.omit({ expectedVersion: true });
type FormValues = {
  labelEs: string;
  labelEn: string;
  labelFr: string;
  explanationEs: string;
  explanationEn: string;
  explanationFr: string;
};
const FIELDS = [...LABEL_FIELDS, ...EXPLANATION_FIELDS] as const;

const valuesOf = (item: StatusTextAdmin): FormValues => ({
  labelEs: item.labelEs,
  labelEn: item.labelEn,
  labelFr: item.labelFr,
  explanationEs: item.explanationEs,
  explanationEn: item.explanationEn,
  explanationFr: item.explanationFr,
});

/**
 * The Admin edits one status's six texts (labels required, explanations optional) at the version
 * the page read. A 409 VERSION_CONFLICT closes the dialog and the page reloads (`onConflict`).
 */
export function StatusTextDialog({
  item,
  title,
  onClose,
  onSaved,
  onConflict,
}: {
  item: StatusTextAdmin | null;
  title: string;
  onClose: () => void;
  onSaved: (saved: StatusTextAdmin) => void;
  onConflict: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const [formError, setFormError] = useState<unknown>(null);
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema) });
  const { errors } = form.formState;
  const explanations = form.watch(EXPLANATION_FIELDS);

  useEffect(() => {
    if (item) {
      form.reset(valuesOf(item));
      setFormError(null);
    }
  }, [item, form]);

  const mutation = useMutation({
    mutationFn: (values: FormValues) => saveStatusText(item!.status, { ...values, expectedVersion: item!.version }),
    onMutate: () => setFormError(null),
    onSuccess: onSaved,
    onError: (error) => {
      if (hasErrorCode(error, "VERSION_CONFLICT")) {
        onConflict();
        return;
      }
      setFormError(applyServerFieldErrors(error, form.setError, FIELDS) ? null : error);
    },
  });

  return (
    <FormDialog
      opened={item !== null}
      title={title}
      size="lg"
      onClose={onClose}
      onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      formError={formError}
      saving={mutation.isPending}
      submitLabel={t("statusTexts:save")}
    >
      {LABEL_FIELDS.map((field) => (
        <TextInput
          key={field}
          label={t(`statusTexts:fields.${field}`)}
          {...REQUIRED_FIELD}
          maxLength={STATUS_LABEL_MAX}
          {...form.register(field)}
          error={errorText(errors[field]?.message)}
        />
      ))}
      {EXPLANATION_FIELDS.map((field, index) => (
        <Textarea
          key={field}
          label={t(`statusTexts:fields.${field}`)}
          description={`${t("statusTexts:explanationHint", { max: STATUS_EXPLANATION_MAX })} (${explanations[index]?.length ?? 0}/${STATUS_EXPLANATION_MAX})`}
          autosize
          minRows={2}
          maxLength={STATUS_EXPLANATION_MAX}
          {...form.register(field)}
          error={errorText(errors[field]?.message)}
        />
      ))}
    </FormDialog>
  );
}
