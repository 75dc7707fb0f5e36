import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, NativeSelect, Paper, SimpleGrid, Stack, TextInput, Title } from "@mantine/core";
import { accountUpdateSchema } from "@portal/shared/schemas/auth";
import type { SessionInfo, SessionUser } from "@portal/shared/schemas/responses";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { REQUIRED_FIELD } from "../../components/ui/required-field.ts";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { applyLanguage } from "../../lib/language.ts";
import { LANGUAGE_OPTIONS } from "../../lib/language-options.ts";
import { SESSION_QUERY_KEY } from "../../lib/session-query.ts";
import { notifyRecord } from "../../lib/toasts.ts";
import { useValidationText } from "../../lib/use-validation-text.ts";
import { ACCOUNT_QUERY_KEY, updateAccount } from "./account-api.ts";

const FIELDS = ["firstSurname", "secondSurname", "names", "phone", "language"] as const;

function formValues(user: SessionUser) {
  return {
    firstSurname: user.firstSurname,
    secondSurname: user.secondSurname,
    names: user.names,
    phone: user.phone,
    language: user.language,
  };
}

interface Props {
  user: SessionUser;
  onDirtyChange: (dirty: boolean) => void;
}

/** The user's own data (PATCH /api/account); the e-mail is the login and is shown read-only. */
export function ProfileForm({ user, onDirtyChange }: Props) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<unknown>(null);
  const form = useForm({ resolver: zodResolver(accountUpdateSchema), defaultValues: formValues(user) });
  const { errors, isDirty } = form.formState;

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const mutation = useMutation({
    mutationFn: updateAccount,
    onMutate: () => setFormError(null),
    onSuccess: (saved) => {
      form.reset(formValues(saved));
      queryClient.setQueryData(ACCOUNT_QUERY_KEY, saved);
      queryClient.setQueryData<SessionInfo>(SESSION_QUERY_KEY, (session) =>
        session ? { ...session, user: saved, language: saved.language } : session,
      );
      applyLanguage(saved.language, { remember: true });
      notifyRecord("updated");
    },
    onError: (error) => {
      setFormError(applyServerFieldErrors(error, form.setError, FIELDS) ? null : error);
      notifyRecord("notUpdated");
    },
  });

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="profile-title">
      <form onSubmit={form.handleSubmit((values) => mutation.mutate(values))} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id="profile-title">
            {t("account:profile.title")}
          </Title>
          <TextInput
            label={t("account:profile.email")}
            value={user.email}
            readOnly
            description={t("account:profile.emailHint")}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t("account:profile.firstSurname")}
              autoComplete="family-name"
              {...REQUIRED_FIELD}
              {...form.register("firstSurname")}
              error={errorText(errors.firstSurname?.message)}
            />
            <TextInput
              label={t("account:profile.secondSurname")}
              {...form.register("secondSurname")}
              error={errorText(errors.secondSurname?.message)}
            />
          </SimpleGrid>
          <TextInput
            label={t("account:profile.names")}
            autoComplete="given-name"
            {...REQUIRED_FIELD}
            {...form.register("names")}
            error={errorText(errors.names?.message)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t("account:profile.phone")}
              type="tel"
              autoComplete="tel"
              {...REQUIRED_FIELD}
              {...form.register("phone")}
              error={errorText(errors.phone?.message)}
            />
            <NativeSelect
              label={t("account:profile.language")}
              {...REQUIRED_FIELD}
              data={LANGUAGE_OPTIONS}
              {...form.register("language")}
              error={errorText(errors.language?.message)}
            />
          </SimpleGrid>
          <FormErrorAlert error={formError} />
          <Group justify="flex-end">
            <Button variant="default" disabled={!isDirty || mutation.isPending} onClick={() => form.reset()}>
              {t("common:actions.cancel")}
            </Button>
            <Button type="submit" loading={mutation.isPending} disabled={!isDirty}>
              {t("common:actions.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
