import { Group, List, Loader, Stack, Text, Title } from "@mantine/core";
import { PHOTO_LEFT_OUT_REASONS, type PhotoExportSummary } from "@portal/shared/schemas/photo-exports";
import { useTranslation } from "react-i18next";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";

/** "Before downloading": how many requests and photos, how many left out and why. */
export function PhotoExportSummaryView({
  summary,
  loading,
  error,
  onRetry,
}: {
  summary: PhotoExportSummary | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const leftOut = summary ? PHOTO_LEFT_OUT_REASONS.reduce((sum, reason) => sum + summary.leftOut[reason], 0) : 0;
  return (
    <Stack component="section" aria-labelledby="photo-export-summary-title" gap="xs" data-testid="photo-export-summary">
      <Title order={2} size="h3" id="photo-export-summary-title">
        {t("photoExport:summary.title")}
      </Title>
      {error ? <LoadErrorAlert error={error} onRetry={onRetry} compact={summary !== undefined} /> : null}
      {loading && !summary ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t("photoExport:summary.loading")}</Text>
        </Group>
      ) : null}
      {summary ? (
        <Stack gap={4} style={{ opacity: loading ? 0.6 : 1 }}>
          <Text data-testid="summary-requests">{t("photoExport:summary.requests", { count: summary.requests })}</Text>
          <Text fw={600} data-testid="summary-included">
            {t("photoExport:summary.included", { count: summary.included })}
          </Text>
          <Text data-testid="summary-left-out">{t("photoExport:summary.leftOut", { count: leftOut })}</Text>
          {leftOut === 0 ? (
            <Text size="sm" c="dimmed">
              {t("photoExport:summary.noneLeftOut")}
            </Text>
          ) : (
            <List size="sm" aria-label={t("photoExport:summary.reasonsTitle")} data-testid="summary-reasons">
              {PHOTO_LEFT_OUT_REASONS.filter((reason) => summary.leftOut[reason] > 0).map((reason) => (
                <List.Item key={reason}>
                  {t("common:labelValue", {
                    label: t(`photoExport:reasons.${reason}`),
                    value: summary.leftOut[reason],
                  })}
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}
