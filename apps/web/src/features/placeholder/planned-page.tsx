import { Alert, Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { routeTitleKey } from "../../lib/route-title-key.ts";

/** Shared by every `planned` route of the table until its real screen is built. */
export function PlannedPage({ routeId }: { routeId: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t(routeTitleKey(routeId))}
      </Title>
      <Alert color="blue" title={t("common:planned.title")}>
        {t("common:planned.text")}
      </Alert>
    </Stack>
  );
}
