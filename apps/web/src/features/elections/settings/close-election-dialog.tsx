import "@mantine/core/styles/Text.layer.css";
import "@mantine/core/styles/UnstyledButton.layer.css";
import "@mantine/core/styles/CloseButton.layer.css";
import "@mantine/core/styles/Input.layer.css";
import { Text } from "@mantine/core";
import { closesBeforeMinimum, type ElectionView, MIN_POLL_HOURS } from "@portal/shared/schemas/elections";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/ui/form-dialog.tsx";
import { ReasonField } from "../../../components/ui/reason-field.tsx";
import { hasErrorCode, isApiError } from "../../../lib/api-error.ts";
import { notifySuccess } from "../../../lib/toasts.ts";
import { electionTitle, formatElectionTime } from "../election-format.ts";
import { closeElection, useTurnout } from "./election-admin-api.ts";

const MAX_REASON = 1000;

/**
 * Closing a poll now: what it means, the turnout so far, and — before the minimum announced to the
 * families (MIN_POLL_HOURS after the opening) — the reason, required, printed in the minutes.
 */
export function CloseElectionDialog({
  election,
  onClose,
  onDone,
  onConflict,
}: {
  election: ElectionView | null;
  onClose: () => void;
  onDone: () => void;
  onConflict: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const turnout = useTurnout(election);
  useEffect(() => {
    if (!election) return;
    setReason("");
    setMissing(false);
  }, [election]);
  const mutation = useMutation({
    mutationFn: (text: string) => closeElection(election!, text),
    onSuccess: (saved) => {
      notifySuccess(t("elections:admin.steps.close.done", { title: electionTitle(saved, i18n.language) }));
      onDone();
    },
    onError: (error) => {
      if (hasErrorCode(error, "VERSION_CONFLICT")) onConflict();
    },
  });
  const early = election ? closesBeforeMinimum(election.opensAt, new Date()) : false;
  const serverField = isApiError(mutation.error) ? mutation.error.fields.reason : undefined;
  const vars = election
    ? {
        title: electionTitle(election, i18n.language),
        opens: formatElectionTime(election.opensAt, i18n.language),
        closes: formatElectionTime(election.closesAt, i18n.language),
        hours: MIN_POLL_HOURS,
      }
    : null;
  return (
    <FormDialog
      opened={election !== null}
      title={vars ? t("elections:admin.steps.close.title", vars) : ""}
      onClose={() => {
        mutation.reset();
        onClose();
      }}
      onSubmit={(event) => {
        event.preventDefault();
        const text = reason.trim();
        const lacking = early && text === "";
        setMissing(lacking);
        if (!lacking) mutation.mutate(text);
      }}
      formError={serverField ? null : mutation.error}
      saving={mutation.isPending}
      submitLabel={t("elections:admin.steps.close.confirm")}
    >
      {vars ? <Text size="sm">{t("elections:admin.steps.close.text", vars)}</Text> : null}
      {turnout.data ? (
        <Text size="sm" fw={600}>
          {t("elections:admin.closeDialog.turnout", {
            voters: turnout.data.voters,
            registered: turnout.data.registeredVoters,
            turnout: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(turnout.data.turnout),
          })}
        </Text>
      ) : null}
      {early && vars ? (
        <>
          <Text size="sm">{t("elections:admin.closeDialog.beforeMinimum", vars)}</Text>
          <ReasonField
            label={t("elections:admin.closeDialog.reason")}
            value={reason}
            onChange={setReason}
            maxLength={MAX_REASON}
            error={missing ? t("validation:required") : serverField}
          />
        </>
      ) : null}
    </FormDialog>
  );
}
