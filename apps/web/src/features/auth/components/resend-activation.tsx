import { Alert, Button, Stack } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../../components/ui/form-error-alert.tsx";
import { resendActivation } from "../api/auth-api.ts";
import { useLinkCaptcha } from "./link-captcha.tsx";

/**
 * Offered when login says the account is not activated: sends a fresh activation link (with the
 * captcha once the server asks for it).
 */
export function ResendActivation({ email }: { email: string }) {
  const { t } = useTranslation();
  const captcha = useLinkCaptcha();
  const mutation = useMutation({
    mutationFn: () => resendActivation(email, captcha.payload),
    onError: (error) => captcha.answered(error),
  });
  if (mutation.isSuccess) {
    return (
      <Alert color="green" role="status">
        {t("auth:activation.resent")}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      {captcha.field}
      <Button
        variant="light"
        onClick={() => {
          if (captcha.ready()) mutation.mutate();
        }}
        loading={mutation.isPending}
      >
        {t("auth:activation.resend")}
      </Button>
      <FormErrorAlert error={mutation.error} />
    </Stack>
  );
}
