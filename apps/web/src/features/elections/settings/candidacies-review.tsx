import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import type { AdminCandidacy } from "@portal/shared/schemas/election-candidacies";
import type { ElectionView } from "@portal/shared/schemas/elections";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/ui/form-dialog.tsx";
import { FormErrorAlert } from "../../../components/ui/form-error-alert.tsx";
import { ReasonField } from "../../../components/ui/reason-field.tsx";
import { isApiError } from "../../../lib/api-error.ts";
import { notifySuccess } from "../../../lib/toasts.ts";
import { approveCandidacy, declineCandidacy, refreshElections, useCandidacies } from "./election-admin-api.ts";

const MAX_REASON = 1000;

/**
 * Families' candidacies on the Lists and candidates screen (docs/elections.md "Candidacies from
 * families"): who, on which list (or the list they propose), the statement and the state; pending
 * ones are approved (the person goes on the list) or declined with a reason the family reads.
 */
export function CandidaciesReview({ election, editable }: { election: ElectionView; editable: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const candidacies = useCandidacies(election.id);
  const [declining, setDeclining] = useState<AdminCandidacy | null>(null);
  const approve = useMutation({
    mutationFn: (candidacy: AdminCandidacy) => approveCandidacy(candidacy.id),
    onSuccess: (_, candidacy) => {
      notifySuccess(t("elections:admin.candidacies.approved", { name: candidacy.name }));
      void refreshElections(queryClient);
    },
  });
  const items = candidacies.data ?? [];
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="candidacies-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="candidacies-title">
          {t("elections:admin.candidacies.title")}
        </Title>
        {items.length === 0 ? <Text c="dimmed">{t("elections:admin.candidacies.none")}</Text> : null}
        {approve.error ? <FormErrorAlert error={approve.error} /> : null}
        {items.map((candidacy) => (
          <Stack key={candidacy.id} gap={4} component="article" aria-label={candidacy.name}>
            <Group justify="space-between" wrap="wrap">
              <Text fw={600}>
                {candidacy.name}{" "}
                <Text span size="sm" c="dimmed">
                  {candidacy.email}
                </Text>
              </Text>
              <Badge
                variant="light"
                color={candidacy.status === "approved" ? "green" : candidacy.status === "declined" ? "red" : "blue"}
              >
                {t(`elections:admin.candidacies.status.${candidacy.status}`)}
              </Badge>
            </Group>
            <Text size="sm">
              {t(
                candidacy.listId === null
                  ? "elections:admin.candidacies.newList"
                  : "elections:admin.candidacies.onList",
                {
                  list: candidacy.listName,
                },
              )}
            </Text>
            {candidacy.statement ? <Text size="sm">{candidacy.statement}</Text> : null}
            {candidacy.reason ? (
              <Text size="sm">{t("elections:admin.candidacies.reason", { reason: candidacy.reason })}</Text>
            ) : null}
            {candidacy.status === "pending" && editable ? (
              <Group gap="sm">
                <Button
                  size="xs"
                  loading={approve.isPending && approve.variables?.id === candidacy.id}
                  aria-label={t("elections:admin.candidacies.approveNamed", { name: candidacy.name })}
                  onClick={() => approve.mutate(candidacy)}
                >
                  {t("elections:admin.candidacies.approve")}
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  aria-label={t("elections:admin.candidacies.declineNamed", { name: candidacy.name })}
                  onClick={() => setDeclining(candidacy)}
                >
                  {t("elections:admin.candidacies.decline")}
                </Button>
              </Group>
            ) : null}
          </Stack>
        ))}
      </Stack>
      <DeclineCandidacyDialog
        candidacy={declining}
        onClose={() => setDeclining(null)}
        onDone={() => {
          setDeclining(null);
          void refreshElections(queryClient);
        }}
      />
    </Card>
  );
}

/** Declining a candidacy: the reason is required, shown to the family and kept in the audit log. */
function DeclineCandidacyDialog({
  candidacy,
  onClose,
  onDone,
}: {
  candidacy: AdminCandidacy | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const mutation = useMutation({
    mutationFn: (text: string) => declineCandidacy(candidacy!.id, text),
    onSuccess: () => {
      notifySuccess(t("elections:admin.candidacies.declined", { name: candidacy?.name }));
      setReason("");
      onDone();
    },
  });
  const serverField = isApiError(mutation.error) ? mutation.error.fields.reason : undefined;
  return (
    <FormDialog
      opened={candidacy !== null}
      title={candidacy ? t("elections:admin.candidacies.declineTitle", { name: candidacy.name }) : ""}
      onClose={() => {
        mutation.reset();
        setReason("");
        setMissing(false);
        onClose();
      }}
      onSubmit={(event) => {
        event.preventDefault();
        const text = reason.trim();
        setMissing(text === "");
        if (text) mutation.mutate(text);
      }}
      formError={serverField ? null : mutation.error}
      saving={mutation.isPending}
      submitLabel={t("elections:admin.candidacies.decline")}
    >
      <ReasonField
        label={t("elections:admin.candidacies.declineReason")}
        description={t("elections:admin.candidacies.declineHint")}
        value={reason}
        onChange={setReason}
        maxLength={MAX_REASON}
        error={missing ? t("validation:required") : serverField}
      />
    </FormDialog>
  );
}
