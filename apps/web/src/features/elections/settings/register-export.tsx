import { Button, Group, Text } from "@mantine/core";
import type { ElectionView } from "@portal/shared/schemas/elections";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../../components/ui/form-error-alert.tsx";
import { saveDownload } from "../../../lib/save-download.ts";
import { useStatusLabel } from "../../../lib/status-texts.ts";
import { formatElectionTime } from "../election-format.ts";
import { registerPath } from "./election-admin-api.ts";

/**
 * Who votes in an election (docs/elections.md "The electorate") and its register for posting: names
 * only, CSV or XLSX; before the opening it may still change, from the opening it is frozen.
 */
export function ElectorateSummary({ election }: { election: ElectionView }) {
  const { t, i18n } = useTranslation();
  const statusLabel = useStatusLabel();
  const { statuses, levels, frozenAt } = election.electorate;
  const download = useMutation({
    mutationFn: (format: "csv" | "xlsx") =>
      saveDownload(registerPath(election.id, format), `electoral-register-${election.id}.${format}`),
  });
  return (
    <>
      <Text size="sm">
        {t("elections:admin.card.electorate", {
          statuses: statuses.map(statusLabel).join(", "),
          levels: levels.length === 0 ? t("elections:admin.form.everyLevel") : levels.join(", "),
        })}
      </Text>
      <Text size="sm">
        {frozenAt
          ? t("elections:admin.card.registerFrozen", { date: formatElectionTime(frozenAt, i18n.language) })
          : t("elections:admin.card.registerLive")}
      </Text>
      <Group gap="sm">
        {(["csv", "xlsx"] as const).map((format) => (
          <Button
            key={format}
            size="xs"
            variant="default"
            loading={download.isPending && download.variables === format}
            onClick={() => download.mutate(format)}
          >
            {t(`elections:admin.card.register.${format}`)}
          </Button>
        ))}
      </Group>
      {download.error ? <FormErrorAlert error={download.error} /> : null}
    </>
  );
}
