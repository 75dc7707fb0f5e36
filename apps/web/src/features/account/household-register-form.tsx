import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Stack, Text, Title } from "@mantine/core";
import { isLanguage } from "@portal/shared/languages";
import { homePathFor } from "@portal/shared/roles";
import { householdInvitationRegisterSchema } from "@portal/shared/schemas/household";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { applyLanguage } from "../../lib/language.ts";
import { SESSION_QUERY_KEY } from "../../lib/session-query.ts";
import { notifySuccess } from "../../lib/toasts.ts";
import { useValidationText } from "../../lib/use-validation-text.ts";
import { AccountFields } from "../auth/components/account-fields.tsx";
import { registerFromHouseholdInvitation } from "./household-api.ts";

const FIELDS = [
  "firstSurname",
  "secondSurname",
  "names",
  "password",
  "passwordConfirmation",
  "phone",
  "language",
] as const;

/**
 * The register form on a second parent's invitation (docs/rules/enrollment.md "Households"): the address
 * is the invitation's, shown and not editable, and no captcha is asked (the link's token is the
 * proof). The server creates the account activated, joins it to the family and signs it in, so
 * the family's home opens at once: no activation e-mail, no second click.
 */
export function InvitationRegisterForm({ token, email }: { token: string; email: string }) {
  const { t, i18n } = useTranslation();
  const errorText = useValidationText();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<unknown>(null);
  const uiLanguage = i18n.resolvedLanguage ?? i18n.language;
  const form = useForm({
    resolver: zodResolver(householdInvitationRegisterSchema),
    defaultValues: {
      token,
      firstSurname: "",
      secondSurname: "",
      names: "",
      password: "",
      passwordConfirmation: "",
      phone: "",
      language: isLanguage(uiLanguage) ? uiLanguage : "es",
    },
  });
  const { errors } = form.formState;
  const mutation = useMutation({
    mutationFn: registerFromHouseholdInvitation,
    onMutate: () => setFormError(null),
    onSuccess: (session) => {
      applyLanguage(session.language, { remember: true });
      queryClient.setQueryData(SESSION_QUERY_KEY, session);
      notifySuccess(t("account:household.joined"));
      void navigate(homePathFor("User"), { replace: true });
    },
    onError: (error) => setFormError(applyServerFieldErrors(error, form.setError, FIELDS) ? null : error),
  });
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} size="h3">
          {t("account:household.registerTitle")}
        </Title>
        <Text size="sm">{t("account:household.registerIntro", { email })}</Text>
      </Stack>
      <form onSubmit={form.handleSubmit((values) => mutation.mutate(values))} noValidate>
        <Stack gap="md">
          <AccountFields
            register={form.register}
            email={{ fixed: email }}
            errors={{
              firstSurname: errorText(errors.firstSurname?.message),
              secondSurname: errorText(errors.secondSurname?.message),
              names: errorText(errors.names?.message),
              password: errorText(errors.password?.message),
              passwordConfirmation: errorText(errors.passwordConfirmation?.message),
              phone: errorText(errors.phone?.message),
              language: errorText(errors.language?.message),
            }}
          />
          <FormErrorAlert error={formError} />
          <Button type="submit" loading={mutation.isPending} fullWidth>
            {t("account:household.registerSubmit")}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
