import { Alert, Button, Radio, Stack, Text } from "@mantine/core";
import type { FamilyElection } from "@portal/shared/schemas/elections";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../lib/api-error.ts";
import { confirm } from "../../lib/confirm.tsx";
import { formatInstantDay } from "../../lib/dates.ts";
import { castVote, electionsQueryKey } from "./elections-api.ts";

const BLANK = "blank";

/**
 * The ballot: one list or a blank vote, confirmed, then the receipt code. Once voted (or when the
 * family is not on the register) the page says so instead, with when it voted.
 */
export function VoteForm({ election }: { election: FamilyElection }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<string>("");
  const [missing, setMissing] = useState(false);
  const vote = useMutation({
    mutationFn: (listId: number | null) => castVote(election.id, listId),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: electionsQueryKey("in-progress") }),
  });

  if (vote.data) {
    return (
      <Alert color="green" title={t("elections:family.thanks")} role="status">
        <Text size="sm">{t("elections:family.receipt")}</Text>
        <Text fw={700} ff="monospace" size="lg" data-testid="receipt-code">
          {vote.data.receiptCode}
        </Text>
      </Alert>
    );
  }
  if (election.myVote.voted) {
    return (
      <Alert color="blue" role="status">
        {election.myVote.votedAt
          ? // The register keeps the hour of a vote, not its minute (docs/elections.md): the day is what it says.
            t("elections:family.votedAt", { date: formatInstantDay(election.myVote.votedAt, i18n.language) })
          : t("elections:family.voted")}
      </Alert>
    );
  }
  if (!election.myVote.eligible) {
    return (
      <Alert color="orange" role="status">
        {t(`errors:${election.myVote.reason ?? "ELECTION_NOT_ELIGIBLE"}`)}
      </Alert>
    );
  }

  async function submit() {
    if (!choice) {
      setMissing(true);
      return;
    }
    const list = election.lists.find((l) => String(l.id) === choice);
    const confirmed = await confirm({
      title: t("elections:family.confirmTitle"),
      text: list ? t("elections:family.confirmList", { list: list.name }) : t("elections:family.confirmBlank"),
      confirmLabel: t("elections:family.vote"),
      cancelLabel: t("common:actions.cancel"),
    });
    if (confirmed) vote.mutate(list ? list.id : null);
  }

  return (
    <Stack gap="sm">
      <Radio.Group
        label={t("elections:family.choose")}
        value={choice}
        onChange={(value) => {
          setChoice(value);
          setMissing(false);
        }}
        error={missing ? t("elections:family.chooseFirst") : undefined}
      >
        <Stack gap="xs" mt="xs">
          {election.lists.map((list) => (
            <Radio key={list.id} value={String(list.id)} label={list.name} />
          ))}
          <Radio value={BLANK} label={t("elections:family.blank")} />
        </Stack>
      </Radio.Group>
      {vote.error ? (
        <Alert color="red" role="alert">
          {isApiError(vote.error) ? vote.error.message : t("errors:INTERNAL")}
        </Alert>
      ) : null}
      <div>
        <Button onClick={() => void submit()} loading={vote.isPending}>
          {t("elections:family.vote")}
        </Button>
      </div>
    </Stack>
  );
}
