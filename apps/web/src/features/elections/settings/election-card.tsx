import { Anchor, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import type { ElectionView } from "@portal/shared/schemas/elections";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { electionTitle, electionTitleId, formatElectionTime } from "../election-format.ts";
import type { ElectionStep } from "./election-admin-api.ts";
import { electionSettingsPath } from "./election-paths.ts";
import { ElectionStatusBadge } from "./election-status-badge.tsx";
import { ElectorateSummary } from "./register-export.tsx";

export type CardAction = ElectionStep | "edit" | "cancel";

/** Which actions an election offers in its state (the server refuses the others anyway). */
export function actionsFor(election: ElectionView): CardAction[] {
  switch (election.status) {
    case "draft":
      return ["edit", "schedule", "cancel"];
    case "scheduled":
      return ["edit", "cancel"];
    case "open":
      return ["close", "cancel"];
    case "closed":
      return ["publish", "cancel"];
    default:
      return [];
  }
}

/**
 * After an action that changes a card's buttons (schedule, close, publish, cancel), the button
 * that had the focus is gone: the focus goes to the card's title instead of the page body, once
 * the list shows the new state and the dialog has handed the focus back.
 */
export function focusElectionCard(electionId: number): void {
  setTimeout(() => document.getElementById(electionTitleId(electionId))?.focus(), 0);
}

/** One election on Settings › Elections: what it is, its state and dates, what can be done now. */
export function ElectionCard({
  election,
  yearLabel,
  busy,
  onAction,
}: {
  election: ElectionView;
  yearLabel: string;
  busy: boolean;
  onAction: (action: CardAction) => void;
}) {
  const { t, i18n } = useTranslation();
  const time = (iso: string) => formatElectionTime(iso, i18n.language);
  const candidates = election.lists.reduce((sum, list) => sum + list.candidates.length, 0);
  const setUp = election.status === "draft" || election.status === "scheduled";
  const counted = election.status === "open" || election.status === "closed" || election.status === "published";
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={electionTitleId(election.id)}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3" id={electionTitleId(election.id)} tabIndex={-1} className="portal-focus-target">
            {electionTitle(election, i18n.language)}
          </Title>
          <ElectionStatusBadge status={election.status} />
        </Group>
        <Text size="sm">
          {t("elections:family.body", { body: election.body, count: election.seats })} ·{" "}
          {t("elections:admin.card.year", { year: yearLabel })}
        </Text>
        <Text size="sm">{t("elections:family.deadline", { date: time(election.candidacyDeadline) })}</Text>
        <Text size="sm">
          {t("elections:family.window", { opens: time(election.opensAt), closes: time(election.closesAt) })}
        </Text>
        <Text size="sm">{t("elections:admin.card.lists", { count: election.lists.length, candidates })}</Text>
        {election.status !== "cancelled" ? <ElectorateSummary election={election} /> : null}
        {election.cancelReason ? (
          <Text size="sm">{t("elections:admin.card.cancelled", { reason: election.cancelReason })}</Text>
        ) : null}
        {election.closeReason ? (
          <Text size="sm">{t("elections:admin.card.closedEarly", { reason: election.closeReason })}</Text>
        ) : null}
        {election.publishedAt ? (
          <Text size="sm">{t("elections:admin.card.published", { date: time(election.publishedAt) })}</Text>
        ) : null}
        <Group gap="sm" mt="xs">
          {setUp ? (
            <Anchor
              component={Link}
              to={electionSettingsPath("settings.organizationsAssociate", election.id)}
              size="sm"
            >
              {t("elections:admin.card.toLists")}
            </Anchor>
          ) : null}
          {counted ? (
            <Anchor component={Link} to={electionSettingsPath("settings.electionsResult", election.id)} size="sm">
              {t(election.status === "open" ? "elections:admin.card.toTurnout" : "elections:admin.card.toResult")}
            </Anchor>
          ) : null}
        </Group>
        {actionsFor(election).length > 0 ? (
          <Group gap="sm">
            {actionsFor(election).map((action) => (
              <Button
                key={action}
                size="xs"
                variant={action === "cancel" ? "light" : action === "edit" ? "default" : "filled"}
                color={action === "cancel" || action === "close" ? "red" : undefined}
                disabled={busy}
                onClick={() => onAction(action)}
              >
                {t(`elections:admin.actions.${action}`)}
              </Button>
            ))}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
