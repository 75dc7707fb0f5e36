import { Text } from "@mantine/core";
import { closesBeforeMinimum, MIN_POLL_HOURS } from "@portal/shared/schemas/elections";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/ui/form-dialog.tsx";
import { ReasonField } from "../../../components/ui/reason-field.tsx";
import { electionTitle, formatElectionTime } from "../election-format.ts";
import { closeElection, useTurnout } from "./election-admin-api.ts";
import { type ElectionReasonDialogProps, useElectionReasonAction } from "./election-reason-action.ts";

const MAX_REASON = 1000;

/**
 * Closing a poll now: what it means, the turnout so far, and — before the minimum announced to the
 * families (MIN_POLL_HOURS after the opening) — the reason, required, printed in the minutes.
 */
export function CloseElectionDialog(props: ElectionReasonDialogProps) {
  const { election, onClose } = props;
  const { t, i18n } = useTranslation();
  const { reason, setReason, missing, setMissing, mutation, serverField } = useElectionReasonAction(
    props,
    closeElection,
    "elections:admin.steps.close.done",
  );
  const turnout = useTurnout(election);
  const early = election ? closesBeforeMinimum(election.opensAt, new Date()) : false;
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
