import { Text } from "@mantine/core";
import { addMonths, WINDOW_EARLIEST_MONTHS, type WindowKind } from "@portal/shared/rules/school-year-windows";
import { type SchoolYearDetail, schoolYearWindowSchema } from "@portal/shared/schemas/school-years";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormDateField } from "../../components/ui/date-field.tsx";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { formatSchoolDay } from "../../lib/school-day.ts";
import { notifySuccess } from "../../lib/toasts.ts";
import { useValidationText } from "../../lib/use-validation-text.ts";
import { saveWindow } from "./school-years-api.ts";

// The form edits text inputs: an empty date stands for "no window" (null in the body).
type WindowForm = { opensOn: string; closesOn: string };
const FIELDS = ["opensOn", "closesOn"] as const;
const toBody = (values: WindowForm, version: number) => ({
  version,
  opensOn: values.opensOn || null,
  closesOn: values.closesOn || null,
});

/** One window's dates (new students or re-enrollment) of one year. */
export function WindowDialog({
  year,
  kind,
  onClose,
  onSaved,
  onConflict,
}: {
  year: SchoolYearDetail | null;
  kind: WindowKind;
  onClose: () => void;
  onSaved: () => void;
  onConflict: (error: unknown) => boolean;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useValidationText();
  const [formError, setFormError] = useState<unknown>(null);
  const window = year ? (kind === "new" ? year.newEnrollment : year.reEnrollment) : null;
  const form = useForm<WindowForm>({ defaultValues: { opensOn: "", closesOn: "" } });
  const { errors } = form.formState;
  useEffect(() => {
    if (window) form.reset({ opensOn: window.opensOn ?? "", closesOn: window.closesOn ?? "" });
  }, [window, form]);

  const close = () => {
    setFormError(null);
    onClose();
  };
  const mutation = useMutation({
    mutationFn: (values: WindowForm) => saveWindow(year!.id, kind, toBody(values, year!.version)),
    onMutate: () => setFormError(null),
    onSuccess: () => {
      notifySuccess(t("schoolYears:window.saved"));
      onSaved();
      close();
    },
    onError: (error) => {
      if (onConflict(error)) return close();
      setFormError(applyServerFieldErrors(error, form.setError, FIELDS) ? null : error);
    },
  });
  const name = t(`schoolYears:window.${kind}`);
  // The shared schema checks the body the server gets (null for an empty date), field by field.
  const submit = (values: WindowForm) => {
    const parsed = schoolYearWindowSchema.safeParse(toBody(values, year?.version ?? 1));
    if (parsed.success) return mutation.mutate(values);
    for (const issue of parsed.error.issues) {
      const field = FIELDS.find((name) => name === issue.path[0]) ?? "closesOn";
      form.setError(field, { type: "validate", message: issue.message }, { shouldFocus: true });
    }
  };

  return (
    <FormDialog
      opened={year !== null}
      title={t("schoolYears:window.editTitle", { window: name, label: year?.label ?? "" })}
      onClose={close}
      onSubmit={form.handleSubmit(submit)}
      formError={formError}
      saving={mutation.isPending}
      submitLabel={t("schoolYears:window.save")}
    >
      {year ? (
        <>
          <Text size="sm" c="dimmed">
            {t("schoolYears:window.hint", {
              earliest: formatSchoolDay(addMonths(year.startsOn, -WINDOW_EARLIEST_MONTHS), i18n.language),
              first: formatSchoolDay(year.startsOn, i18n.language),
              latest: formatSchoolDay(year.endsOn, i18n.language),
            })}
          </Text>
          <FormDateField
            control={form.control}
            name="opensOn"
            label={t("schoolYears:window.opensOn")}
            error={errorText(errors.opensOn?.message)}
          />
          <FormDateField
            control={form.control}
            name="closesOn"
            label={t("schoolYears:window.closesOn")}
            error={errorText(errors.closesOn?.message)}
          />
        </>
      ) : null}
    </FormDialog>
  );
}
