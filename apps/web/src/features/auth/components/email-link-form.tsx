import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Stack, TextInput } from "@mantine/core";
import { emailOnlySchema } from "@portal/shared/schemas/auth";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../../components/ui/form-error-alert.tsx";
import { PageForm } from "../../../components/ui/page-form.tsx";
import { REQUIRED_FIELD } from "../../../components/ui/required-field.ts";
import { applyServerFieldErrors } from "../../../lib/form-errors.ts";
import { useValidationText } from "../../../lib/use-validation-text.ts";
import { useLinkCaptcha } from "./link-captcha.tsx";

interface Props {
  /** The call that sends the e-mail (resend activation, forgot password), with the captcha once asked for. */
  send: (email: string, captcha?: string) => Promise<unknown>;
  submitLabel: string;
  onSent: (email: string) => void;
}

/** An e-mail field and a button: the shared shape of "send me a link" forms. */
export function EmailLinkForm({ send, submitLabel, onSent }: Props) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const [formError, setFormError] = useState<unknown>(null);
  const form = useForm({ resolver: zodResolver(emailOnlySchema), defaultValues: { email: "" } });
  const captcha = useLinkCaptcha();
  const mutation = useMutation({
    mutationFn: (email: string) => send(email, captcha.payload),
    onMutate: () => setFormError(null),
    onSuccess: (_, email) => onSent(email),
    onError: (error) => {
      captcha.answered(error);
      setFormError(applyServerFieldErrors(error, form.setError, ["email"]) ? null : error);
    },
  });

  return (
    <PageForm
      onSubmit={form.handleSubmit(({ email }) => {
        if (captcha.ready()) mutation.mutate(email);
      })}
      noValidate
    >
      <Stack gap="md">
        <TextInput
          label={t("auth:common.email")}
          type="email"
          autoComplete="email"
          {...REQUIRED_FIELD}
          {...form.register("email")}
          error={errorText(form.formState.errors.email?.message)}
        />
        {captcha.field}
        <FormErrorAlert error={formError} />
        <Button type="submit" loading={mutation.isPending} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </PageForm>
  );
}
