import { Alert, Button, Group, NativeSelect, Stack, Text, Title } from "@mantine/core";
import type { ElectionView } from "@portal/shared/schemas/elections";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../../components/ui/form-error-alert.tsx";
import { LoadErrorAlert } from "../../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../../components/ui/page-loader.tsx";
import { LANGUAGE_OPTIONS } from "../../../lib/language-options.ts";
import { saveDownload } from "../../../lib/save-download.ts";
import { formatElectionTime } from "../election-format.ts";
import { ElectionResultView } from "../election-result-view.tsx";
import { minutesPath, useAdminElections, useResult, useTurnout } from "./election-admin-api.ts";
import { ElectionPicker, useChosenElection } from "./election-picker.tsx";
import { ResultFigures } from "./result-figures.tsx";
import { SettingsListFrame } from "./settings-list-frame.tsx";
import { useElectionStep } from "./use-election-step.ts";

const counted = (election: ElectionView) => election.status === "closed" || election.status === "published";

/**
 * Settings › Election results (Admin only). While the poll is open: the turnout only.
 * After the close: the count (figures, votes and seats per list, the elected), "Publish to
 * families" with a confirmation, and the minutes as a PDF in the chosen language.
 */
export function ElectionResultPage() {
  const { t } = useTranslation();
  const elections = useAdminElections();
  const { election, choose } = useChosenElection(elections.data, counted);
  return (
    <SettingsListFrame
      routeId="settings.electionsResult"
      intro={t("elections:admin.result.intro")}
      query={elections}
      empty={t("elections:admin.empty")}
    >
      {(items) => (
        <Stack gap="md">
          <ElectionPicker elections={items} election={election} onChoose={choose} />
          {election ? <ElectionCount election={election} /> : null}
        </Stack>
      )}
    </SettingsListFrame>
  );
}

function ElectionCount({ election }: { election: ElectionView }) {
  const { t, i18n } = useTranslation();
  const turnout = useTurnout(election);
  const result = useResult(election);
  const steps = useElectionStep();
  if (election.status === "open") {
    const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
    return (
      <Stack gap="sm">
        <Alert color="blue">
          {t("elections:admin.result.openOnly", { closes: formatElectionTime(election.closesAt, i18n.language) })}
        </Alert>
        {turnout.data ? (
          <Text data-testid="turnout">
            {t("elections:family.turnout", {
              voters: number.format(turnout.data.voters),
              registered: number.format(turnout.data.registeredVoters),
              turnout: number.format(turnout.data.turnout),
            })}
          </Text>
        ) : turnout.isError ? (
          <LoadErrorAlert error={turnout.error} onRetry={() => void turnout.refetch()} />
        ) : (
          <PageLoader />
        )}
        <Group>
          <Button variant="default" onClick={() => void turnout.refetch()} loading={turnout.isFetching}>
            {t("elections:admin.result.refresh")}
          </Button>
        </Group>
      </Stack>
    );
  }
  if (!counted(election)) return <Text>{t(`elections:admin.result.none.${election.status}`)}</Text>;
  if (result.isError) return <LoadErrorAlert error={result.error} onRetry={() => void result.refetch()} />;
  if (!result.data) return <PageLoader />;
  return (
    <Stack gap="md">
      {election.status === "published" && election.publishedAt ? (
        <Alert color="teal">
          {t("elections:admin.result.publishedOn", { date: formatElectionTime(election.publishedAt, i18n.language) })}
        </Alert>
      ) : (
        <Group>
          <Button onClick={() => void steps.run(election, "publish")} loading={steps.pending}>
            {t("elections:admin.actions.publish")}
          </Button>
        </Group>
      )}
      <ResultFigures result={result.data} />
      <Title order={2} size="h4">
        {t("elections:admin.result.asFamilies")}
      </Title>
      <ElectionResultView result={result.data} />
      <MinutesDownload electionId={election.id} />
    </Stack>
  );
}

/** The minutes' PDF in the language chosen (the Admin's by default). */
function MinutesDownload({ electionId }: { electionId: number }) {
  const { t, i18n } = useTranslation();
  const [language, setLanguage] = useState(i18n.language);
  const download = useMutation({
    mutationFn: () => saveDownload(minutesPath(electionId, language), `election-${electionId}-minutes.pdf`),
  });
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t("elections:admin.result.minutes")}
      </Title>
      <Group align="flex-end">
        <NativeSelect
          label={t("elections:admin.result.minutesLanguage")}
          value={language}
          onChange={(event) => setLanguage(event.currentTarget.value)}
          data={LANGUAGE_OPTIONS}
        />
        <Button variant="default" onClick={() => download.mutate()} loading={download.isPending}>
          {t("elections:admin.result.download")}
        </Button>
      </Group>
      {download.error ? <FormErrorAlert error={download.error} /> : null}
    </Stack>
  );
}
