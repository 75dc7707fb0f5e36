import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Anchor, Button, Stack, Text, Title } from "@mantine/core";
import { isLanguage } from "@portal/shared/languages";
import { registerSchema } from "@portal/shared/schemas/auth";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { PageForm } from "../../components/ui/page-form.tsx";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { usePublicConfigQuery } from "../../lib/public-config-query.ts";
import { useValidationText } from "../../lib/use-validation-text.ts";
import { register } from "./api/auth-api.ts";
import { AccountFields } from "./components/account-fields.tsx";
import { CaptchaField } from "./components/captcha-field.tsx";

const FIELDS = [
  "firstSurname",
  "secondSurname",
  "names",
  "email",
  "password",
  "passwordConfirmation",
  "phone",
  "language",
  "captcha",
] as const;

function RegisterSent({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t("auth:register.sentTitle")}
      </Title>
      <Alert color="green" role="status">
        {t("auth:register.sentText", { email })}
      </Alert>
      <Button component={Link} to="/login" variant="default">
        {t("auth:common.backToLogin")}
      </Button>
    </Stack>
  );
}

export function RegisterPage() {
  const { t, i18n } = useTranslation();
  const errorText = useValidationText();
  const config = usePublicConfigQuery();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<unknown>(null);
  const uiLanguage = i18n.resolvedLanguage ?? i18n.language;

  const form = useForm({
    resolver: zodResolver(registerSchema),
    defaultValues: {
      firstSurname: "",
      secondSurname: "",
      names: "",
      email: "",
      password: "",
      passwordConfirmation: "",
      phone: "",
      language: isLanguage(uiLanguage) ? uiLanguage : "es",
      captcha: "",
    },
  });
  const { errors } = form.formState;

  const mutation = useMutation({
    mutationFn: register,
    onMutate: () => setFormError(null),
    onSuccess: (_, input) => setSentTo(input.email),
    onError: (error) => {
      // A challenge is good for one attempt: a refused submission needs a new proof of work.
      form.setValue("captcha", "");
      setFormError(applyServerFieldErrors(error, form.setError, FIELDS) ? null : error);
    },
  });

  if (sentTo) return <RegisterSent email={sentTo} />;

  if (config.data?.registrationOpen === false) {
    return (
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t("auth:register.title")}
        </Title>
        <Alert color="orange">{t("auth:register.closed")}</Alert>
        <Button component={Link} to="/login" variant="default">
          {t("auth:common.backToLogin")}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t("auth:register.title")}
        </Title>
        <Text c="dimmed" size="sm">
          {t("auth:register.intro")}
        </Text>
      </Stack>
      <PageForm onSubmit={form.handleSubmit((values) => mutation.mutate(values))} noValidate>
        <Stack gap="md">
          <AccountFields
            register={form.register}
            email={{ register: form.register("email") }}
            errors={{
              firstSurname: errorText(errors.firstSurname?.message),
              secondSurname: errorText(errors.secondSurname?.message),
              names: errorText(errors.names?.message),
              email: errorText(errors.email?.message),
              password: errorText(errors.password?.message),
              passwordConfirmation: errorText(errors.passwordConfirmation?.message),
              phone: errorText(errors.phone?.message),
              language: errorText(errors.language?.message),
            }}
          />
          <Controller
            control={form.control}
            name="captcha"
            render={({ field }) => (
              <CaptchaField
                value={field.value}
                onChange={(payload) => field.onChange(payload)}
                error={errorText(errors.captcha?.message)}
              />
            )}
          />
          <FormErrorAlert error={formError} />
          <Button type="submit" loading={mutation.isPending} fullWidth>
            {t("auth:register.submit")}
          </Button>
        </Stack>
      </PageForm>
      <Text size="sm" ta="center">
        {t("auth:register.haveAccount")}{" "}
        <Anchor component={Link} to="/login">
          {t("auth:register.goToLogin")}
        </Anchor>
      </Text>
    </Stack>
  );
}
