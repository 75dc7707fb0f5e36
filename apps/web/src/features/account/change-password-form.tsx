import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Paper, Stack, Title } from "@mantine/core";
import { changePasswordSchema } from "@portal/shared/schemas/auth";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { NewPasswordFields } from "../../components/ui/new-password-fields.tsx";
import { PasswordField } from "../../components/ui/password-field.tsx";
import { REQUIRED_FIELD } from "../../components/ui/required-field.ts";
import { hasErrorCode } from "../../lib/api-error.ts";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { notifySuccess } from "../../lib/toasts.ts";
import { useValidationText } from "../../lib/use-validation-text.ts";
import { changePassword } from "./account-api.ts";

const EMPTY = { currentPassword: "", password: "", passwordConfirmation: "" };

/** POST /api/account/password; the server signs out the user's other sessions. */
export function ChangePasswordForm({
  email,
  onDirtyChange,
}: {
  email: string;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const [formError, setFormError] = useState<unknown>(null);
  const form = useForm({ resolver: zodResolver(changePasswordSchema), defaultValues: EMPTY });
  const { errors, isDirty } = form.formState;

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const mutation = useMutation({
    mutationFn: changePassword,
    onMutate: () => setFormError(null),
    onSuccess: () => {
      form.reset(EMPTY);
      notifySuccess(t("account:password.changed"));
    },
    onError: (error) => {
      if (hasErrorCode(error, "WRONG_CURRENT_PASSWORD")) {
        form.setError("currentPassword", { type: "server", message: error.message }, { shouldFocus: true });
        return;
      }
      const onFields = applyServerFieldErrors(error, form.setError, [
        "currentPassword",
        "password",
        "passwordConfirmation",
      ]);
      setFormError(onFields ? null : error);
    },
  });

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="password-title">
      <form onSubmit={form.handleSubmit((values) => mutation.mutate(values))} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id="password-title">
            {t("account:password.title")}
          </Title>
          {/* Lets password managers file the new password under the right account. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <PasswordField
            label={t("account:password.current")}
            autoComplete="current-password"
            {...REQUIRED_FIELD}
            {...form.register("currentPassword")}
            error={errorText(errors.currentPassword?.message)}
          />
          <NewPasswordFields
            labels={{ password: t("account:password.new"), confirmation: t("account:password.confirmation") }}
            password={form.register("password")}
            confirmation={form.register("passwordConfirmation")}
            errors={{
              password: errorText(errors.password?.message),
              confirmation: errorText(errors.passwordConfirmation?.message),
            }}
          />
          <FormErrorAlert error={formError} />
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending}>
              {t("account:password.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
