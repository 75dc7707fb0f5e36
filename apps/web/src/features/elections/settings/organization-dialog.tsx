import { zodResolver } from "@hookform/resolvers/zod";
import { Textarea, TextInput } from "@mantine/core";
import { type OrganizationInput, organizationSchema } from "@portal/shared/schemas/elections";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/ui/form-dialog.tsx";
import { REQUIRED_FIELD } from "../../../components/ui/required-field.ts";
import { applyServerFieldErrors } from "../../../lib/form-errors.ts";
import { notifyRecord } from "../../../lib/toasts.ts";
import { useValidationText } from "../../../lib/use-validation-text.ts";
import { type Organization, saveOrganization } from "./election-admin-api.ts";

const FIELDS = ["name", "acronym", "description"] as const;

/** Adds an organization (a parents' association, a group of families) or edits one. */
export function OrganizationDialog({
  organization,
  opened,
  onClose,
  onSaved,
}: {
  organization: Organization | null;
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const [formError, setFormError] = useState<unknown>(null);
  const form = useForm<OrganizationInput>({ resolver: zodResolver(organizationSchema) });
  const { errors } = form.formState;
  useEffect(() => {
    if (!opened) return;
    setFormError(null);
    form.reset({
      name: organization?.name ?? "",
      acronym: organization?.acronym ?? "",
      description: organization?.description ?? "",
    });
  }, [opened, organization, form]);
  const mutation = useMutation({
    mutationFn: (values: OrganizationInput) => saveOrganization(organization?.id ?? null, values),
    onMutate: () => setFormError(null),
    onSuccess: () => {
      notifyRecord(organization ? "updated" : "created");
      onSaved();
    },
    onError: (error) => setFormError(applyServerFieldErrors(error, form.setError, FIELDS) ? null : error),
  });
  return (
    <FormDialog
      opened={opened}
      title={
        organization
          ? t("elections:admin.organizations.editTitle", { name: organization.name })
          : t("elections:admin.organizations.addTitle")
      }
      onClose={onClose}
      onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      formError={formError}
      saving={mutation.isPending}
      submitLabel={t("common:actions.save")}
    >
      <TextInput
        {...REQUIRED_FIELD}
        label={t("elections:admin.organizations.name")}
        {...form.register("name")}
        error={errorText(errors.name?.message)}
      />
      <TextInput
        label={t("elections:admin.organizations.acronym")}
        {...form.register("acronym")}
        error={errorText(errors.acronym?.message)}
      />
      <Textarea
        label={t("elections:admin.organizations.description")}
        autosize
        minRows={2}
        {...form.register("description")}
        error={errorText(errors.description?.message)}
      />
    </FormDialog>
  );
}
