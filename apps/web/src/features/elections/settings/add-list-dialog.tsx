import { zodResolver } from "@hookform/resolvers/zod";
import { Anchor, NativeSelect, Text, Textarea, TextInput } from "@mantine/core";
import { type ElectionView, electionListCreateSchema } from "@portal/shared/schemas/elections";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { z } from "zod";
import { FormDialog } from "../../../components/ui/form-dialog.tsx";
import { REQUIRED_FIELD } from "../../../components/ui/required-field.ts";
import { applyServerFieldErrors } from "../../../lib/form-errors.ts";
import { notifySuccess } from "../../../lib/toasts.ts";
import { useValidationText } from "../../../lib/use-validation-text.ts";
import { addList, type Organization } from "./election-admin-api.ts";
import { electionSettingsPath } from "./election-paths.ts";

type Values = z.input<typeof electionListCreateSchema>;
const FIELDS = ["organizationId", "name", "statement"] as const;

/**
 * An organization runs in the election: its list's name and statement. Organizations already
 * running are not offered; new ones are made on Settings › Organizations (linked).
 */
export function AddListDialog({
  election,
  organizations,
  opened,
  onClose,
  onSaved,
}: {
  election: ElectionView;
  organizations: readonly Organization[];
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const [formError, setFormError] = useState<unknown>(null);
  const running = new Set(election.lists.map((list) => list.organizationId));
  const free = organizations.filter((organization) => !running.has(organization.id));
  const form = useForm<Values>({ resolver: zodResolver(electionListCreateSchema) });
  const { errors } = form.formState;
  useEffect(() => {
    if (!opened) return;
    setFormError(null);
    form.reset({ organizationId: Number.NaN, name: "", statement: "" });
  }, [opened, form]);
  const mutation = useMutation({
    mutationFn: (values: Values) => addList(election.id, { ...values, statement: values.statement || undefined }),
    onMutate: () => setFormError(null),
    onSuccess: (_, values) => {
      notifySuccess(t("elections:admin.lists.added", { list: values.name }));
      onSaved();
    },
    onError: (error) => setFormError(applyServerFieldErrors(error, form.setError, FIELDS) ? null : error),
  });
  const organizationField = form.register("organizationId", { valueAsNumber: true });
  return (
    <FormDialog
      opened={opened}
      title={t("elections:admin.lists.addTitle")}
      onClose={onClose}
      onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      formError={formError}
      saving={mutation.isPending}
      submitLabel={t("common:actions.save")}
    >
      {free.length === 0 ? (
        <Text size="sm">
          {t("elections:admin.lists.noOrganization")}{" "}
          <Anchor component={Link} to={electionSettingsPath("settings.organizations")}>
            {t("routes:settings.organizations.title")}
          </Anchor>
        </Text>
      ) : null}
      <NativeSelect
        {...REQUIRED_FIELD}
        label={t("elections:admin.lists.organization")}
        data={[
          { value: "", label: t("elections:admin.lists.chooseOrganization"), disabled: true },
          ...free.map((organization) => ({ value: String(organization.id), label: organization.name })),
        ]}
        {...organizationField}
        onChange={(event) => {
          void organizationField.onChange(event);
          // The list is usually called after its organization: proposed, still editable.
          const chosen = free.find((organization) => String(organization.id) === event.currentTarget.value);
          if (chosen && !form.getValues("name")) form.setValue("name", chosen.name);
        }}
        error={errorText(errors.organizationId?.message)}
      />
      <TextInput
        {...REQUIRED_FIELD}
        label={t("elections:admin.lists.name")}
        {...form.register("name")}
        error={errorText(errors.name?.message)}
      />
      <Textarea
        label={t("elections:admin.lists.statement")}
        autosize
        minRows={2}
        {...form.register("statement")}
        error={errorText(errors.statement?.message)}
      />
    </FormDialog>
  );
}
