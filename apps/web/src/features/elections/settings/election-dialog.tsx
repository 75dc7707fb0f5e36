import { MultiSelect, NativeSelect, SimpleGrid, Text, TextInput } from "@mantine/core";
import { REQUEST_STATUSES } from "@portal/shared/request-status";
import type { ElectionView } from "@portal/shared/schemas/elections";
import type { SchoolYear } from "@portal/shared/schemas/responses";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormDateTimeField } from "../../../components/ui/date-time-field.tsx";
import { FormDialog } from "../../../components/ui/form-dialog.tsx";
import { REQUIRED_FIELD } from "../../../components/ui/required-field.ts";
import { hasErrorCode } from "../../../lib/api-error.ts";
import { useCatalog } from "../../../lib/catalog-query.ts";
import { applyServerFieldErrors } from "../../../lib/form-errors.ts";
import { useStatusLabel } from "../../../lib/status-texts.ts";
import { notifySuccess } from "../../../lib/toasts.ts";
import { useValidationText } from "../../../lib/use-validation-text.ts";
import { electionTitle } from "../election-format.ts";
import { createElection, updateElection } from "./election-admin-api.ts";
import { ELECTION_FIELDS, type ElectionFormValues, electionBody, electionFormValues } from "./election-form.ts";

export type ElectionDialogMode = { kind: "create" } | { kind: "edit"; election: ElectionView };

/**
 * Creates an election (a draft) or edits one until its poll opens: the title in the three
 * languages, the body elected and its seats, the school year whose families vote, the candidacy
 * deadline and the poll's window in the school's local time.
 */
export function ElectionDialog({
  mode,
  years,
  defaultYearId,
  onClose,
  onSaved,
  onConflict,
}: {
  mode: ElectionDialogMode | null;
  years: readonly SchoolYear[];
  defaultYearId: number | null;
  onClose: () => void;
  onSaved: () => void;
  onConflict: () => void;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useValidationText();
  const statusLabel = useStatusLabel();
  const levels = useCatalog("levels");
  const [formError, setFormError] = useState<unknown>(null);
  const editing = mode?.kind === "edit" ? mode.election : null;
  const form = useForm<ElectionFormValues>({ defaultValues: electionFormValues(null, defaultYearId, new Date()) });
  const { errors } = form.formState;
  useEffect(() => {
    if (!mode) return;
    setFormError(null);
    form.reset(electionFormValues(mode.kind === "edit" ? mode.election : null, defaultYearId, new Date()));
  }, [mode, defaultYearId, form]);

  const mutation = useMutation({
    mutationFn: (body: Parameters<typeof createElection>[0]) =>
      editing ? updateElection(editing.id, { ...body, version: editing.version }) : createElection(body),
    onMutate: () => setFormError(null),
    onSuccess: (saved) => {
      notifySuccess(
        t(editing ? "elections:admin.form.updated" : "elections:admin.form.created", {
          title: electionTitle(saved, i18n.language),
        }),
      );
      onSaved();
    },
    onError: (error) => {
      if (hasErrorCode(error, "VERSION_CONFLICT")) return onConflict();
      setFormError(applyServerFieldErrors(error, form.setError, ELECTION_FIELDS) ? null : error);
    },
  });

  const submit = (values: ElectionFormValues) => {
    const result = electionBody(values);
    if (result.ok) return mutation.mutate(result.body);
    let first = true;
    for (const field of ELECTION_FIELDS) {
      const message = result.errors[field];
      if (!message) continue;
      form.setError(field, { type: "validate", message }, { shouldFocus: first });
      first = false;
    }
  };

  const text = (field: keyof ElectionFormValues, extra: object = {}) => ({
    label: t(`elections:admin.form.${field}`),
    ...form.register(field),
    error: errorText(errors[field]?.message),
    ...extra,
  });
  return (
    <FormDialog
      opened={mode !== null}
      title={
        editing
          ? t("elections:admin.form.editTitle", { title: electionTitle(editing, i18n.language) })
          : t("elections:admin.form.createTitle")
      }
      size="lg"
      onClose={onClose}
      onSubmit={form.handleSubmit(submit)}
      formError={formError}
      saving={mutation.isPending}
      submitLabel={t("common:actions.save")}
    >
      <TextInput {...REQUIRED_FIELD} lang="es" {...text("titleEs")} />
      <TextInput {...REQUIRED_FIELD} lang="en" {...text("titleEn")} />
      <TextInput {...REQUIRED_FIELD} lang="fr" {...text("titleFr")} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput {...REQUIRED_FIELD} {...text("body", { description: t("elections:admin.form.bodyHint") })} />
        <TextInput
          {...REQUIRED_FIELD}
          type="number"
          min={1}
          max={50}
          {...text("seats", { description: t("elections:admin.form.seatsHint") })}
        />
      </SimpleGrid>
      <NativeSelect
        {...REQUIRED_FIELD}
        {...text("schoolYearId", { description: t("elections:admin.form.yearHint") })}
        data={[
          { value: "", label: t("elections:admin.form.chooseYear"), disabled: true },
          ...years.map((year) => ({ value: String(year.id), label: year.label })),
        ]}
      />
      <NativeSelect
        {...REQUIRED_FIELD}
        {...text("voteUnit", { description: t("elections:admin.form.voteUnitHint") })}
        data={(["parent", "family"] as const).map((unit) => ({
          value: unit,
          label: t(`elections:admin.form.voteUnits.${unit}`),
        }))}
      />
      <Controller
        control={form.control}
        name="electorateStatuses"
        render={({ field }) => (
          <MultiSelect
            {...REQUIRED_FIELD}
            label={t("elections:admin.form.electorateStatuses")}
            description={t("elections:admin.form.electorateStatusesHint")}
            data={REQUEST_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }))}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errorText(errors.electorateStatuses?.message)}
          />
        )}
      />
      <Controller
        control={form.control}
        name="electorateLevels"
        render={({ field }) => (
          <MultiSelect
            label={t("elections:admin.form.electorateLevels")}
            description={t("elections:admin.form.electorateLevelsHint")}
            placeholder={field.value.length === 0 ? t("elections:admin.form.everyLevel") : undefined}
            data={(levels.data ?? []).map((item) => ({ value: item.code, label: item.label }))}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            clearable
            error={errorText(errors.electorateLevels?.message)}
          />
        )}
      />
      <Text size="sm" c="dimmed">
        {t("elections:admin.form.timesHint")}
      </Text>
      {(["candidacyDeadline", "opensAt", "closesAt"] as const).map((field) => (
        <FormDateTimeField
          key={field}
          required
          control={form.control}
          name={field}
          legend={t(`elections:admin.form.${field}`)}
          error={errorText(errors[field]?.message)}
        />
      ))}
    </FormDialog>
  );
}
