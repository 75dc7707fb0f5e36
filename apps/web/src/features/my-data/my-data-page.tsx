import { Grid, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { AccountSidebar } from "../account/account-sidebar.tsx";
import { MyDataPanel } from "./my-data-panel.tsx";

/** /portal/account/my-data: the family's "My data" archive (LOPDP art. 17, docs/data-protection.md). */
export function MyDataPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t(routeTitleKey("account.myData"))}
      </Title>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Paper withBorder p="xs">
            <AccountSidebar />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Paper withBorder p="lg">
            <Stack gap="md">
              <Text>{t("account:myData.intro")}</Text>
              <MyDataPanel />
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
