import { Card, Stack, Text, Title } from "@mantine/core";
import type { FamilyElection } from "@portal/shared/schemas/elections";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { electionTitleId } from "./election-format.ts";
import { type ElectionPhase, useElections } from "./elections-api.ts";

/** The frame of the three families' pages: the title, then one card per election or "none". */
export function ElectionsPageFrame({
  routeId,
  phase,
  children,
}: {
  routeId: string;
  phase: ElectionPhase;
  children: (election: FamilyElection) => ReactNode;
}) {
  const { t } = useTranslation();
  const query = useElections(phase);
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t(routeTitleKey(routeId))}
      </Title>
      {query.error ? <LoadErrorAlert error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isPending ? <PageLoader /> : null}
      {query.data?.length === 0 ? <Text>{t(`elections:family.none.${phase}`)}</Text> : null}
      {query.data?.map((election) => (
        <Card
          key={election.id}
          withBorder
          padding="lg"
          component="section"
          aria-labelledby={electionTitleId(election.id)}
        >
          <Stack gap="md">{children(election)}</Stack>
        </Card>
      ))}
    </Stack>
  );
}
