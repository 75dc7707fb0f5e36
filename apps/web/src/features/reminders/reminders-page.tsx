import { Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { useReminderSettings } from "./reminders-api.ts";
import { RulesSection } from "./rules-section.tsx";
import { SentSection } from "./sent-section.tsx";

/**
 * Settings › Reminders (Admin only; docs/rules/reminders.md): each automatic reminder's switch and
 * times, and the latest reminder e-mails sent.
 */
export function RemindersPage() {
  const { t } = useTranslation();
  const page = useReminderSettings();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t(routeTitleKey("settings.reminders"))}
      </Title>
      <Text>{t("settings:reminders.intro")}</Text>
      {page.data ? (
        <>
          <RulesSection page={page.data} />
          <SentSection recent={page.data.recent} />
        </>
      ) : page.isError ? (
        <LoadErrorAlert error={page.error} onRetry={() => void page.refetch()} />
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
}
