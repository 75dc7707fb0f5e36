import { Alert, Button, Group, Progress, Stack, Text } from "@mantine/core";
import type { ExportFormat } from "@portal/shared/schemas/reports";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../lib/api-error.ts";
import { saveBlob } from "../../lib/save-download.ts";
import { type ExportProgress, fetchExport } from "./reports-api.ts";

type Job =
  | { state: "idle" }
  | { state: "running"; label: string; progress: ExportProgress }
  | { state: "done"; filename: string }
  | { state: "failed"; message: string };

export interface ExportTarget {
  key: string;
  label: string;
  format: ExportFormat;
  path: string;
}

/**
 * Export buttons: a download read as a stream with visible progress (rows for CSV, kilobytes for
 * XLSX, against the rows announced), the spec's waiting message while it runs, and the error said
 * when it fails. One export at a time.
 */
export function ExportPanel({ targets }: { targets: readonly ExportTarget[] }) {
  const { t, i18n } = useTranslation();
  const [job, setJob] = useState<Job>({ state: "idle" });
  const status = useRef<HTMLDivElement>(null);
  const number = (value: number) => value.toLocaleString(i18n.language);

  const run = async (target: ExportTarget) => {
    setJob({ state: "running", label: target.label, progress: { total: null, bytes: 0, rows: null } });
    try {
      const { blob, filename } = await fetchExport(target.path, target.format, (progress) =>
        setJob({ state: "running", label: target.label, progress }),
      );
      saveBlob(blob, filename);
      setJob({ state: "done", filename });
    } catch (error) {
      setJob({ state: "failed", message: isApiError(error) ? error.message : t("reports:exportFailed") });
    }
    status.current?.focus();
  };

  const running = job.state === "running";
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        {targets.map((target) => (
          <Button key={target.key} variant="light" disabled={running} onClick={() => void run(target)}>
            {target.label}
          </Button>
        ))}
      </Group>
      <div ref={status} tabIndex={-1} aria-live="polite" data-testid="report-export-status">
        {job.state === "running" && (
          <Stack gap={4} role="status">
            <Text size="sm" fw={600}>
              {t("reports:waiting")}
            </Text>
            <Progress
              aria-label={job.label}
              value={
                job.progress.total && job.progress.rows !== null
                  ? Math.min(100, (job.progress.rows / Math.max(1, job.progress.total)) * 100)
                  : 100
              }
              animated
              striped
            />
            <Text size="xs" c="dimmed">
              {job.progress.rows !== null && job.progress.total !== null
                ? t("reports:progress", { received: number(job.progress.rows), total: number(job.progress.total) })
                : t("reports:progressBytes", { kb: number(Math.round(job.progress.bytes / 1024)) })}
            </Text>
          </Stack>
        )}
        {job.state === "done" && (
          <Text size="sm" c="teal.8">
            {t("reports:exportDone", { name: job.filename })}
          </Text>
        )}
        {job.state === "failed" && (
          <Alert color="red" role="alert" title={t("reports:exportFailed")}>
            {job.message}
          </Alert>
        )}
      </div>
    </Stack>
  );
}
