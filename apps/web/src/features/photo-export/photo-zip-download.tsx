import { Alert, Button, Group, Progress, Stack, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../lib/api-error.ts";
import { formatBytes } from "../../lib/format-bytes.ts";
import { saveBlob } from "../../lib/save-download.ts";
import { fetchPhotoZip } from "./photo-export-api.ts";
import { progressPercent } from "./photo-export-query.ts";

type DownloadState =
  | { step: "idle" }
  | { step: "running"; received: number }
  | { step: "done"; filename: string }
  | { step: "cancelled" }
  | { step: "failed"; message: string };

/**
 * The ZIP's download: the spec's waiting message, a progress bar (bytes received against the
 * summary's estimate), Cancel; then "ready" or the error said. `onRunning` lets the page lock the
 * filters meanwhile.
 */
export function PhotoZipDownload({
  apiQuery,
  estimatedBytes,
  disabled,
  onRunning,
}: {
  apiQuery: string;
  estimatedBytes: number | null;
  disabled: boolean;
  onRunning: (running: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<DownloadState>({ step: "idle" });
  const controller = useRef<AbortController | null>(null);
  const status = useRef<HTMLDivElement>(null);

  // Leaving the page stops a download in progress.
  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setState({ step: "running", received: 0 });
    onRunning(true);
    try {
      const { blob, filename } = await fetchPhotoZip(apiQuery, {
        signal: abort.signal,
        onProgress: (received) => setState({ step: "running", received }),
      });
      saveBlob(blob, filename);
      setState({ step: "done", filename });
    } catch (error) {
      if (abort.signal.aborted) setState({ step: "cancelled" });
      else setState({ step: "failed", message: isApiError(error) ? error.message : t("photoExport:download.failed") });
    } finally {
      controller.current = null;
      onRunning(false);
      status.current?.focus();
    }
  };

  const running = state.step === "running";
  const percent = running ? progressPercent(state.received, estimatedBytes) : null;
  return (
    <Stack gap="sm" component="section" aria-label={t("photoExport:download.button")}>
      <Group>
        <Button onClick={start} loading={running} disabled={disabled || running}>
          {t("photoExport:download.button")}
        </Button>
        {running ? (
          <Button variant="default" onClick={() => controller.current?.abort()}>
            {t("photoExport:download.cancel")}
          </Button>
        ) : null}
      </Group>
      <div ref={status} tabIndex={-1} data-testid="photo-export-status">
        {running ? (
          <Stack gap={4} role="status">
            <Text fw={600}>{t("photoExport:download.waiting")}</Text>
            <Progress
              value={percent ?? 100}
              animated={percent === null}
              aria-label={t("photoExport:download.progressLabel")}
            />
            <Text size="sm">
              {estimatedBytes
                ? t("photoExport:download.progress", {
                    received: formatBytes(state.received, i18n.language),
                    total: formatBytes(estimatedBytes, i18n.language),
                  })
                : formatBytes(state.received, i18n.language)}
            </Text>
          </Stack>
        ) : null}
        {state.step === "done" ? (
          <Alert color="green" role="status">
            {t("photoExport:download.done", { name: state.filename })}
          </Alert>
        ) : null}
        {state.step === "cancelled" ? <Text role="status">{t("photoExport:download.cancelled")}</Text> : null}
        {state.step === "failed" ? (
          <Alert color="red" role="alert" title={t("photoExport:download.failed")}>
            {state.message}
          </Alert>
        ) : null}
      </div>
    </Stack>
  );
}
