import { Alert, Button, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { requestPasswordReset } from "./api/auth-api.ts";
import { EmailLinkForm } from "./components/email-link-form.tsx";

/** Spec 2: enter an e-mail to receive a reset link; the answer never tells whether it is known. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t("auth:forgot.title")}
        </Title>
        {sent ? null : (
          <Text c="dimmed" size="sm">
            {t("auth:forgot.intro")}
          </Text>
        )}
      </Stack>
      {sent ? (
        <Alert color="green" role="status">
          {t("auth:forgot.sent")}
        </Alert>
      ) : (
        <EmailLinkForm send={requestPasswordReset} submitLabel={t("auth:forgot.submit")} onSent={() => setSent(true)} />
      )}
      <Button component={Link} to="/login" variant="default">
        {t("auth:common.backToLogin")}
      </Button>
    </Stack>
  );
}
