import { Stack, Text, Title } from "@mantine/core";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { HoldsSection } from "./holds-section.tsx";
import { PeriodsSection } from "./periods-section.tsx";
import { PurgeSection } from "./purge-section.tsx";
import { useRetentionSettings } from "./retention-api.ts";
import { RunReportDialog } from "./run-report-dialog.tsx";
import { RunsSection } from "./runs-section.tsx";

/**
 * Settings › Data retention (Admin only; docs/rules/data-protection.md "Retention periods"): the
 * periods, the legal holds, what the purge will remove and "Run now", and the purges' reports.
 */
export function RetentionPage() {
  const { t } = useTranslation();
  const settings = useRetentionSettings();
  const [report, setReport] = useState<number | null>(null);
  const openReport = useCallback((runId: number) => setReport(runId), []);
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t(routeTitleKey("settings.retention"))}
      </Title>
      <Text>{t("retention:intro")}</Text>
      {settings.data ? (
        <PeriodsSection settings={settings.data} />
      ) : settings.isError ? (
        <LoadErrorAlert error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <PageLoader />
      )}
      <HoldsSection />
      <PurgeSection onFinished={openReport} />
      <RunsSection onOpen={openReport} />
      <RunReportDialog runId={report} onClose={() => setReport(null)} />
    </Stack>
  );
}
