import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Stack, TextInput } from "@mantine/core";
import { mfaCodeSchema } from "@portal/shared/schemas/mfa";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormErrorAlert } from "../../../components/ui/form-error-alert.tsx";
import { REQUIRED_FIELD } from "../../../components/ui/required-field.ts";
import { applyServerFieldErrors } from "../../../lib/form-errors.ts";
import { useValidationText } from "../../../lib/use-validation-text.ts";

interface Props {
  label: string;
  description: string;
  submitLabel: string;
  /** Sends the typed code; a rejection's message is shown under the field (or above the button). */
  onCode: (code: string) => Promise<unknown>;
}

/**
 * One field for a second-factor code: focused on arrival, `one-time-code` so phones
 * offer the code, digits keyboard hint without refusing a recovery code's letters.
 */
export function MfaCodeForm({ label, description, submitLabel, onCode }: Props) {
  const errorText = useValidationText();
  const [formError, setFormError] = useState<unknown>(null);
  const form = useForm<{ code: string }>({ resolver: zodResolver(mfaCodeSchema), defaultValues: { code: "" } });
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onCode(values.code);
    } catch (error) {
      form.setValue("code", "");
      setFormError(applyServerFieldErrors(error, form.setError, ["code"]) ? null : error);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={label}
          description={description}
          autoComplete="one-time-code"
          inputMode="text"
          autoCapitalize="off"
          spellCheck={false}
          autoFocus
          {...REQUIRED_FIELD}
          {...form.register("code")}
          error={errorText(form.formState.errors.code?.message)}
        />
        <FormErrorAlert error={formError} />
        <Button type="submit" loading={form.formState.isSubmitting} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
