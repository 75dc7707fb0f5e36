import { Stack, Text, Title } from "@mantine/core";
import type { ElectionView } from "@portal/shared/schemas/elections";
import { useTranslation } from "react-i18next";
import { electionTitle, electionTitleId, formatElectionTime } from "./election-format.ts";

/** An election's title, body, seats and poll window, in the page's language. */
export function ElectionHeader({ election }: { election: ElectionView }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap={4}>
      <Title order={2} size="h3" id={electionTitleId(election.id)}>
        {electionTitle(election, i18n.language)}
      </Title>
      <Text size="sm">{t("elections:family.body", { body: election.body, count: election.seats })}</Text>
      <Text size="sm">
        {t("elections:family.window", {
          opens: formatElectionTime(election.opensAt, i18n.language),
          closes: formatElectionTime(election.closesAt, i18n.language),
        })}
      </Text>
    </Stack>
  );
}
