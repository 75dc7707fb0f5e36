import type { ElectionView } from "@portal/shared/schemas/elections";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { hasErrorCode, isApiError } from "../../../lib/api-error.ts";
import { confirm } from "../../../lib/confirm.tsx";
import { notifyError, notifyRecord, notifySuccess } from "../../../lib/toasts.ts";
import { electionTitle, formatElectionTime } from "../election-format.ts";
import { type ElectionStep, electionStep, refreshElections } from "./election-admin-api.ts";
import { focusElectionCard } from "./election-card.tsx";

/**
 * Schedule, close early or publish one election, each after a confirmation that says what follows
 * (families see it; nobody votes after; families see the results and get the e-mail). A version
 * another Admin moved meanwhile reloads the screen and says so.
 */
export function useElectionStep() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ election, step }: { election: ElectionView; step: ElectionStep }) => electionStep(election, step),
    onSuccess: (_, { election, step }) =>
      notifySuccess(t(`elections:admin.steps.${step}.done`, { title: electionTitle(election, i18n.language) })),
    onError: (error) => {
      if (hasErrorCode(error, "VERSION_CONFLICT")) notifyError(t("elections:admin.conflict"));
      else if (isApiError(error)) notifyError(error.message);
      else notifyRecord("notUpdated");
    },
    onSettled: async (_data, _error, { election }) => {
      await refreshElections(queryClient);
      focusElectionCard(election.id);
    },
  });

  async function run(election: ElectionView, step: ElectionStep) {
    const vars = {
      title: electionTitle(election, i18n.language),
      opens: formatElectionTime(election.opensAt, i18n.language),
      closes: formatElectionTime(election.closesAt, i18n.language),
    };
    const ok = await confirm({
      title: t(`elections:admin.steps.${step}.title`, vars),
      text: t(`elections:admin.steps.${step}.text`, vars),
      confirmLabel: t(`elections:admin.steps.${step}.confirm`),
      cancelLabel: t("common:actions.cancel"),
      danger: step === "close",
    });
    if (ok) mutation.mutate({ election, step });
  }
  return { run, pending: mutation.isPending };
}
