import { Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { usePhotoExportSummary } from "./photo-export-api.ts";
import { PhotoExportFilters } from "./photo-export-filters.tsx";
import {
  type PhotoExportState,
  parsePhotoExportState,
  toPhotoExportApiQuery,
  writePhotoExportState,
} from "./photo-export-query.ts";
import { PhotoExportSummaryView } from "./photo-export-summary.tsx";
import { PhotoZipDownload } from "./photo-zip-download.tsx";

/**
 * Reports › Photo export (`/portal/reports/photo-export`): the kind of photos and the
 * filters from the URL (the reports pages link here with theirs), the counts before downloading,
 * and the ZIP's download with progress.
 */
export function PhotoExportPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const state = parsePhotoExportState(params);
  const apiQuery = toPhotoExportApiQuery(state);
  const summary = usePhotoExportSummary(apiQuery);
  const [downloading, setDownloading] = useState(false);

  const change = (patch: Partial<PhotoExportState>) => setParams(writePhotoExportState({ ...state, ...patch }));

  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1}>{t(routeTitleKey("reports.photoExport"))}</Title>
      <Text>{t("photoExport:intro")}</Text>
      <Stack component="section" aria-label={t("photoExport:filters.legend")} gap="xs">
        <PhotoExportFilters state={state} disabled={downloading} onChange={change} />
      </Stack>
      <PhotoExportSummaryView
        summary={summary.data}
        loading={summary.isFetching}
        error={summary.error}
        onRetry={() => void summary.refetch()}
      />
      <PhotoZipDownload
        apiQuery={apiQuery}
        estimatedBytes={summary.data?.estimatedBytes ?? null}
        disabled={summary.isError && !summary.data}
        onRunning={setDownloading}
      />
    </Stack>
  );
}
