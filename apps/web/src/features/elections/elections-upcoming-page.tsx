import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { CandidacyPanel } from "./candidacy-panel.tsx";
import { formatElectionTime } from "./election-format.ts";
import { ElectionHeader } from "./election-header.tsx";
import { ElectionLinks } from "./election-links.tsx";
import { ElectionLists } from "./election-lists.tsx";
import { ElectionsPageFrame } from "./elections-page-frame.tsx";

/** /portal/elecciones/proximamente: scheduled elections, their lists and candidates. */
export function ElectionsUpcomingPage() {
  const { t, i18n } = useTranslation();
  return (
    <ElectionsPageFrame routeId="elections.upcoming" phase="upcoming">
      {(election) => (
        <>
          <ElectionHeader election={election} />
          <ElectionLinks electionId={election.id} />
          <Text size="sm">
            {t("elections:family.deadline", { date: formatElectionTime(election.candidacyDeadline, i18n.language) })}
          </Text>
          <ElectionLists election={election} />
          <CandidacyPanel election={election} />
        </>
      )}
    </ElectionsPageFrame>
  );
}
