import { NativeSelect, Paper, Stack, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { ConstantsSection } from "./constants-section.tsx";
import { IdentitySection } from "./identity-section.tsx";
import { MaintenanceSection } from "./maintenance-section.tsx";
import { MfaEditorsSection } from "./mfa-editors-section.tsx";
import { NoticesSection } from "./notices-section.tsx";
import { useGeneralSettingsPage } from "./settings-api.ts";

/**
 * Settings › General (Admin only): the maintenance switch, the school's identity, and
 * for one school year (the current one unless another is picked) the notices and spec 9's rules.
 */
export function GeneralSettingsPage() {
  const { t } = useTranslation();
  const [yearId, setYearId] = useState<number | undefined>(undefined);
  const page = useGeneralSettingsPage(yearId);
  const data = page.data;

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t(routeTitleKey("settings.general"))}
      </Title>
      <MaintenanceSection />
      <MfaEditorsSection />
      {data ? (
        <>
          <IdentitySection identity={data.identity} />
          <Paper withBorder p="lg" component="section" aria-labelledby="year-title">
            <Stack gap="sm">
              <Title order={2} size="h4" id="year-title">
                {t("settings:general.yearTitle")}
              </Title>
              <NativeSelect
                label={t("settings:general.year")}
                description={t("settings:general.yearHint")}
                value={String(data.schoolYear.id)}
                data={data.schoolYears.map((year) => ({
                  value: String(year.id),
                  label: year.isCurrent ? t("settings:general.currentYear", { label: year.label }) : year.label,
                }))}
                onChange={(event) => setYearId(Number(event.currentTarget.value))}
                maw={320}
              />
            </Stack>
          </Paper>
          <ConstantsSection key={`c${data.schoolYear.id}`} page={data} />
          <NoticesSection key={`n${data.schoolYear.id}`} page={data} />
        </>
      ) : page.isError ? (
        <LoadErrorAlert error={page.error} onRetry={() => void page.refetch()} />
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
}
