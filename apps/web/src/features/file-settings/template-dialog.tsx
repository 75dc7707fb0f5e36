import { zodResolver } from "@hookform/resolvers/zod";
import { NativeSelect, TextInput } from "@mantine/core";
import { TEMPLATE_STEPS } from "@portal/shared/file-settings";
import { type AdminTemplate, type TemplateCreate, templateCreateSchema } from "@portal/shared/schemas/file-settings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
import { REQUIRED_FIELD } from "../../components/ui/required-field.ts";
import { hasErrorCode } from "../../lib/api-error.ts";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { notifyRecord } from "../../lib/toasts.ts";
import { useValidationText } from "../../lib/use-validation-text.ts";
import { createTemplate, FILE_SETTINGS_QUERY_KEY, updateTemplate } from "./file-settings-api.ts";

const EMPTY: TemplateCreate = { step: "exitAuthorization", titleEs: "", titleEn: "", titleFr: "" };
const FIELDS = ["step", "titleEs", "titleEn", "titleFr"] as const;

const valuesOf = (template: AdminTemplate | null): TemplateCreate =>
  template
    ? { step: template.step, titleEs: template.titleEs, titleEn: template.titleEn, titleFr: template.titleFr }
    : EMPTY;

/**
 * A template's step and its title in the three languages: a new one (`template` null) or an edit,
 * which sends the version read (a stale one gets 409: the page reloads and the dialog says so).
 */
export function TemplateDialog({
  opened,
  template,
  onClose,
}: {
  opened: boolean;
  template: AdminTemplate | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<unknown>(null);
  const form = useForm({ resolver: zodResolver(templateCreateSchema), defaultValues: valuesOf(template) });
  const { errors } = form.formState;

  useEffect(() => {
    if (opened) {
      form.reset(valuesOf(template));
      setFormError(null);
    }
  }, [opened, template, form]);

  const mutation = useMutation({
    mutationFn: (values: TemplateCreate) =>
      template ? updateTemplate(template.id, { ...values, version: template.version }) : createTemplate(values),
    onMutate: () => setFormError(null),
    onSuccess: async () => {
      notifyRecord(template ? "updated" : "created");
      await queryClient.invalidateQueries({ queryKey: FILE_SETTINGS_QUERY_KEY });
      onClose();
    },
    onError: async (error) => {
      if (hasErrorCode(error, "VERSION_CONFLICT", "TEMPLATE_NOT_FOUND")) {
        await queryClient.invalidateQueries({ queryKey: FILE_SETTINGS_QUERY_KEY });
      }
      setFormError(applyServerFieldErrors(error, form.setError, FIELDS) ? null : error);
    },
  });

  return (
    <FormDialog
      opened={opened}
      title={template ? t("fileSettings:templates.editTitle") : t("fileSettings:templates.newTitle")}
      onClose={onClose}
      onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      formError={formError}
      saving={mutation.isPending}
      submitLabel={t("fileSettings:templates.save")}
    >
      <NativeSelect
        label={t("fileSettings:templates.step")}
        description={t("fileSettings:templates.stepHint")}
        data={TEMPLATE_STEPS.map((step) => ({ value: step, label: t(routeTitleKey(`wizard.${step}`)) }))}
        {...REQUIRED_FIELD}
        {...form.register("step")}
        error={errorText(errors.step?.message)}
      />
      <TextInput
        label={t("fileSettings:templates.titleEs")}
        {...REQUIRED_FIELD}
        {...form.register("titleEs")}
        error={errorText(errors.titleEs?.message)}
      />
      <TextInput
        label={t("fileSettings:templates.titleEn")}
        {...REQUIRED_FIELD}
        {...form.register("titleEn")}
        error={errorText(errors.titleEn?.message)}
      />
      <TextInput
        label={t("fileSettings:templates.titleFr")}
        {...REQUIRED_FIELD}
        {...form.register("titleFr")}
        error={errorText(errors.titleFr?.message)}
      />
    </FormDialog>
  );
}
