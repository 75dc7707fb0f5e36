import { Anchor, Badge, Button, Stack, Table, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { formatSchoolDay } from "../../lib/school-day.ts";
import { ClockState } from "./breach-clock.tsx";
import { useBreaches } from "./breaches-api.ts";

export const BREACHES_PATH = "/portal/dashboards/settings/data-breaches";

/**
 * `/portal/dashboards/settings/data-breaches` (Admin): the personal-data breach register, each
 * incident with its two legal clocks (docs/rules/data-protection.md "Breach register").
 */
export function BreachesPage() {
  const { t, i18n } = useTranslation();
  const list = useBreaches();

  let body: ReactNode;
  if (list.isPending) body = <PageLoader />;
  else if (list.isError) body = <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.items.length === 0)
    body = (
      <Text c="dimmed" ta="center" py="xl" role="status">
        {t("breaches:list.empty")}
      </Text>
    );
  else
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table striped>
          <Table.Caption>{t("breaches:list.caption")}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("breaches:list.title")}</Table.Th>
              <Table.Th>{t("breaches:list.discoveredAt")}</Table.Th>
              <Table.Th>{t("breaches:list.state")}</Table.Th>
              <Table.Th>{t("breaches:list.authority")}</Table.Th>
              <Table.Th>{t("breaches:list.families")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.items.map((breach) => (
              <Table.Tr key={breach.id}>
                <Table.Td>
                  <Anchor component={Link} to={`${BREACHES_PATH}/${breach.id}`}>
                    {breach.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  {formatSchoolDay(breach.discoveredAt.slice(0, 10), i18n.language)} {breach.discoveredAt.slice(11)}
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={breach.state === "open" ? "orange" : "gray"}>
                    {t(`breaches:state.${breach.state}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <ClockState clock={breach.authority} />
                </Table.Td>
                <Table.Td>
                  <ClockState clock={breach.families} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t(routeTitleKey("settings.breaches"))}
      </Title>
      <Text>{t("breaches:list.intro")}</Text>
      <div>
        <Button component={Link} to={`${BREACHES_PATH}/new`}>
          {t("breaches:list.record")}
        </Button>
      </div>
      {body}
    </Stack>
  );
}
