import { Card, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ElectionDetailFrame } from "./election-detail-frame.tsx";

/** /portal/elecciones/organizaciones/:id: the organizations running in one election. */
export function ElectionOrganizationsPage() {
  const { t } = useTranslation();
  return (
    <ElectionDetailFrame routeId="elections.organizations">
      {(election) => (
        <Stack gap="sm">
          {election.lists.map((list) => (
            <Card key={list.id} withBorder padding="sm">
              <Title order={3} size="h5">
                {list.organizationName}
              </Title>
              <Text size="sm">
                {t("elections:family.runsWith", { list: list.name, count: list.candidates.length })}
              </Text>
              {list.statement ? <Text size="sm">{list.statement}</Text> : null}
            </Card>
          ))}
        </Stack>
      )}
    </ElectionDetailFrame>
  );
}
