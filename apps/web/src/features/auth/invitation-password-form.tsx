import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Stack, Text } from "@mantine/core";
import { invitationAcceptSchema } from "@portal/shared/schemas/auth";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { NewPasswordFields } from "../../components/ui/new-password-fields.tsx";
import { PageForm } from "../../components/ui/page-form.tsx";
import { hasErrorCode } from "../../lib/api-error.ts";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { useValidationText } from "../../lib/use-validation-text.ts";
import { acceptInvitation } from "./api/auth-api.ts";

/** The activation page of an invited account: the password it will sign in with. */
export function InvitationPasswordForm({
  token,
  onDone,
  onInvalid,
}: {
  token: string;
  onDone: () => void;
  onInvalid: (message: string) => void;
}) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const [formError, setFormError] = useState<unknown>(null);
  const form = useForm({
    resolver: zodResolver(invitationAcceptSchema),
    defaultValues: { token, password: "", passwordConfirmation: "" },
  });
  const { errors } = form.formState;
  const mutation = useMutation({
    mutationFn: acceptInvitation,
    onMutate: () => setFormError(null),
    onSuccess: onDone,
    onError: (error) => {
      if (hasErrorCode(error, "TOKEN_INVALID", "TOKEN_EXPIRED")) {
        onInvalid(error.message);
        return;
      }
      const onFields = applyServerFieldErrors(error, form.setError, ["password", "passwordConfirmation"]);
      setFormError(onFields ? null : error);
    },
  });

  return (
    <PageForm onSubmit={form.handleSubmit((values) => mutation.mutate(values))} noValidate>
      <Stack gap="md">
        <Text>{t("users:invitation.choosePassword")}</Text>
        <NewPasswordFields
          labels={{ password: t("users:invitation.password"), confirmation: t("users:invitation.confirmation") }}
          password={form.register("password")}
          confirmation={form.register("passwordConfirmation")}
          errors={{
            password: errorText(errors.password?.message),
            confirmation: errorText(errors.passwordConfirmation?.message),
          }}
        />
        {formError ? <FormErrorAlert error={formError} /> : null}
        <Button type="submit" loading={mutation.isPending}>
          {t("users:invitation.submit")}
        </Button>
      </Stack>
    </PageForm>
  );
}
