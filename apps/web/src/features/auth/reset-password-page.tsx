import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Anchor, Button, Stack, Title } from "@mantine/core";
import { resetPasswordSchema } from "@portal/shared/schemas/auth";
import { tokenField } from "@portal/shared/schemas/fields";
import { useMutation } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { NewPasswordFields } from "../../components/ui/new-password-fields.tsx";
import { PageForm } from "../../components/ui/page-form.tsx";
import { hasErrorCode } from "../../lib/api-error.ts";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { useValidationText } from "../../lib/use-validation-text.ts";
import { resetPassword } from "./api/auth-api.ts";

function InvalidLink({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert color="red" role="alert" title={t("auth:reset.invalidTitle")}>
        {message}
      </Alert>
      <Anchor component={Link} to="/forgot-password">
        {t("auth:reset.requestNewLink")}
      </Anchor>
    </Stack>
  );
}

/** Opened from the reset e-mail: choose a new password twice. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const { token = "" } = useParams();
  const [done, setDone] = useState(false);
  const [invalidMessage, setInvalidMessage] = useState<string | null>(() =>
    tokenField.safeParse(token).success ? null : t("validation:token"),
  );
  const [formError, setFormError] = useState<unknown>(null);

  const form = useForm({
    resolver: zodResolver(resetPasswordSchema),
    // The token travels as a form value so the shared schema checks the whole request body.
    defaultValues: { token, password: "", passwordConfirmation: "" },
  });
  const { errors } = form.formState;

  const mutation = useMutation({
    mutationFn: resetPassword,
    onMutate: () => setFormError(null),
    onSuccess: () => setDone(true),
    onError: (error) => {
      if (hasErrorCode(error, "TOKEN_INVALID", "TOKEN_EXPIRED")) {
        setInvalidMessage(error.message);
        return;
      }
      setFormError(applyServerFieldErrors(error, form.setError, ["password", "passwordConfirmation"]) ? null : error);
    },
  });

  let body: ReactNode;
  if (done) {
    body = (
      <>
        <Alert color="green" role="status">
          {t("auth:reset.done")}
        </Alert>
        <Button component={Link} to="/login">
          {t("auth:common.goToLogin")}
        </Button>
      </>
    );
  } else if (invalidMessage) {
    body = <InvalidLink message={invalidMessage} />;
  } else {
    body = (
      <PageForm onSubmit={form.handleSubmit((values) => mutation.mutate(values))} noValidate>
        <Stack gap="md">
          <NewPasswordFields
            labels={{ password: t("auth:reset.password"), confirmation: t("auth:reset.passwordConfirmation") }}
            password={form.register("password")}
            confirmation={form.register("passwordConfirmation")}
            errors={{
              password: errorText(errors.password?.message),
              confirmation: errorText(errors.passwordConfirmation?.message),
            }}
          />
          <FormErrorAlert error={formError} />
          <Button type="submit" loading={mutation.isPending} fullWidth>
            {t("auth:reset.submit")}
          </Button>
        </Stack>
      </PageForm>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t("auth:reset.title")}
      </Title>
      {body}
    </Stack>
  );
}
