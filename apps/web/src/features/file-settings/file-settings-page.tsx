import { Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { useFileSettings } from "./file-settings-api.ts";
import { LimitsSection } from "./limits-section.tsx";
import { PdfOriginalsSection } from "./pdf-originals-section.tsx";
import { TemplatesSection } from "./templates-section.tsx";

/**
 * Settings › Files (Admin only): the size and types of each document the wizard asks
 * for, within what the server verifies by content, and the school's own templates per step.
 */
export function FileSettingsPage() {
  const { t } = useTranslation();
  const page = useFileSettings();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t(routeTitleKey("settings.files"))}
      </Title>
      <Text size="sm" c="dimmed">
        {t("fileSettings:intro")}
      </Text>
      {page.data ? (
        <>
          <LimitsSection settings={page.data} />
          <TemplatesSection settings={page.data} />
          <PdfOriginalsSection settings={page.data} />
        </>
      ) : page.isError ? (
        <LoadErrorAlert error={page.error} onRetry={() => void page.refetch()} />
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
}
