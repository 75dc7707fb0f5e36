import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../lib/api-error.ts";

/**
 * Something a screen reads could not be read: the server's message (or the generic one) and
 * "Retry". `compact` while the previous data is still on screen (a one-line alert above it). The
 * button is the default (white) one: a light red button on the red alert's tint read 4.36:1, under
 * WCAG AA (docs/rules/screens.md "Accessibility", contrast from the theme).
 */
export function LoadErrorAlert({
  error,
  onRetry,
  compact,
}: {
  error: unknown;
  onRetry: () => void;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const message = isApiError(error) ? error.message : t("errors:INTERNAL");
  const Layout = compact ? Group : Stack;
  return (
    <Alert color="red" title={t("errors:title")} role="alert">
      <Layout gap="sm" align={compact ? undefined : "flex-start"}>
        <Text size="sm">{message}</Text>
        <Button size={compact ? "xs" : "sm"} variant="default" onClick={onRetry}>
          {t("common:actions.retry")}
        </Button>
      </Layout>
    </Alert>
  );
}
