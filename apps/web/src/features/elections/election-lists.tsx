import { Card, Group, List, Stack, Text, Title } from "@mantine/core";
import type { ElectionView } from "@portal/shared/schemas/elections";
import { useTranslation } from "react-i18next";
import { CandidatePhoto } from "./candidate-photo.tsx";

/** An election's lists in order, each with its statement and its candidates in list order. */
export function ElectionLists({ election }: { election: ElectionView }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {election.lists.map((list) => (
        <Card key={list.id} withBorder padding="sm">
          <Title order={3} size="h5">
            {list.name}
          </Title>
          <Text size="sm" c="dimmed">
            {list.organizationName}
          </Text>
          {list.statement ? <Text size="sm">{list.statement}</Text> : null}
          <Text size="sm" fw={600} mt="xs">
            {t("elections:family.candidates")}
          </Text>
          <List type="ordered" size="sm" spacing="xs">
            {list.candidates.map((candidate) => (
              <List.Item key={candidate.id}>
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <CandidatePhoto url={candidate.photoUrl} />
                  <span>
                    {candidate.name}
                    {candidate.statement ? ` — ${candidate.statement}` : ""}
                  </span>
                </Group>
              </List.Item>
            ))}
          </List>
        </Card>
      ))}
    </Stack>
  );
}
