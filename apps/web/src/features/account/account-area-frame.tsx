import { Grid, Paper, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { AccountSidebar } from "./account-sidebar.tsx";

/** A page of the account area: its title, the area's sidebar, and the page's own column. */
export function AccountAreaFrame({ routeId, children }: { routeId: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t(routeTitleKey(routeId))}
      </Title>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Paper withBorder p="xs">
            <AccountSidebar />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>{children}</Grid.Col>
      </Grid>
    </Stack>
  );
}
