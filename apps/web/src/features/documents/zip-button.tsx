import { Alert, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../lib/api-error.ts";
import { formatBytes } from "../../lib/format-bytes.ts";
import { notifySuccess } from "../../lib/toasts.ts";
import { downloadZip } from "./zip-download.ts";

/**
 * "Download documents (ZIP)" for the filters on screen: while it streams, the spec's waiting
 * message and the bytes received (announced politely); a failure is said in an alert.
 */
export function ZipButton({ apiQuery }: { apiQuery: string }) {
  const { t, i18n } = useTranslation();
  const [bytes, setBytes] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);

  const start = async () => {
    setError(null);
    setBytes(0);
    try {
      await downloadZip(`/api/documents/export.zip?${apiQuery}`, setBytes);
      notifySuccess(t("documentsPage:zip.done"));
    } catch (failure) {
      setError(failure);
    } finally {
      setBytes(null);
    }
  };

  const busy = bytes !== null;
  return (
    <Stack gap="xs" align="flex-end">
      <Button onClick={() => void start()} loading={busy} disabled={busy}>
        {t("documentsPage:zip.download")}
      </Button>
      <div aria-live="polite">
        {busy ? (
          <Group gap="xs" data-testid="zip-progress">
            <Loader size="xs" />
            <Text size="sm">{t("documentsPage:zip.waiting")}</Text>
            <Text size="sm" c="dimmed">
              {t("documentsPage:zip.progress", { size: formatBytes(bytes, i18n.language) })}
            </Text>
          </Group>
        ) : null}
      </div>
      {error ? (
        <Alert color="red" role="alert" title={t("errors:title")}>
          {t("documentsPage:zip.failed")} {isApiError(error) ? error.message : ""}
        </Alert>
      ) : null}
    </Stack>
  );
}
