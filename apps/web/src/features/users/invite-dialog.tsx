import { zodResolver } from "@hookform/resolvers/zod";
import { NativeSelect, TextInput } from "@mantine/core";
import { STAFF_ROLES } from "@portal/shared/roles";
import { type InvitationInput, invitationSchema } from "@portal/shared/schemas/auth";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
import { REQUIRED_FIELD } from "../../components/ui/required-field.ts";
import { hasErrorCode } from "../../lib/api-error.ts";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { LANGUAGE_OPTIONS } from "../../lib/language-options.ts";
import { notifySuccess } from "../../lib/toasts.ts";
import { useValidationText } from "../../lib/use-validation-text.ts";
import { inviteStaff } from "./users-api.ts";

const EMPTY: InvitationInput = {
  names: "",
  firstSurname: "",
  secondSurname: "",
  email: "",
  role: "Secretaria",
  language: "es",
};
const FIELDS = ["names", "firstSurname", "secondSurname", "email", "role", "language"] as const;

/** The Admin invites a staff member: the account waits for its owner to choose a password. */
export function InviteDialog({
  opened,
  onClose,
  onInvited,
}: {
  opened: boolean;
  onClose: () => void;
  onInvited: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const [formError, setFormError] = useState<unknown>(null);
  const form = useForm({ resolver: zodResolver(invitationSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const close = () => {
    form.reset(EMPTY);
    setFormError(null);
    onClose();
  };
  const mutation = useMutation({
    mutationFn: inviteStaff,
    onMutate: () => setFormError(null),
    onSuccess: (_, input) => {
      notifySuccess(t("users:invite.sent", { email: input.email }));
      onInvited();
      close();
    },
    onError: (error) => {
      if (hasErrorCode(error, "EMAIL_TAKEN")) {
        form.setError("email", { type: "server", message: error.message }, { shouldFocus: true });
        return;
      }
      setFormError(applyServerFieldErrors(error, form.setError, FIELDS) ? null : error);
    },
  });

  return (
    <FormDialog
      opened={opened}
      title={t("users:invite.title")}
      onClose={close}
      onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      formError={formError}
      saving={mutation.isPending}
      submitLabel={t("users:invite.submit")}
    >
      <TextInput
        label={t("users:invite.names")}
        {...REQUIRED_FIELD}
        {...form.register("names")}
        error={errorText(errors.names?.message)}
      />
      <TextInput
        label={t("users:invite.firstSurname")}
        {...REQUIRED_FIELD}
        {...form.register("firstSurname")}
        error={errorText(errors.firstSurname?.message)}
      />
      <TextInput
        label={t("users:invite.secondSurname")}
        {...form.register("secondSurname")}
        error={errorText(errors.secondSurname?.message)}
      />
      <TextInput
        type="email"
        label={t("users:invite.email")}
        {...REQUIRED_FIELD}
        {...form.register("email")}
        error={errorText(errors.email?.message)}
      />
      <NativeSelect
        label={t("users:invite.role")}
        data={STAFF_ROLES.map((role) => ({ value: role, label: t(`users:roles.${role}`) }))}
        {...form.register("role")}
        error={errorText(errors.role?.message)}
      />
      <NativeSelect
        label={t("users:invite.language")}
        data={LANGUAGE_OPTIONS}
        {...form.register("language")}
        error={errorText(errors.language?.message)}
      />
    </FormDialog>
  );
}
