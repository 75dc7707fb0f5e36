import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/ui/form-dialog.tsx";
import { ReasonField } from "../../../components/ui/reason-field.tsx";
import { electionTitle } from "../election-format.ts";
import { cancelElection } from "./election-admin-api.ts";
import { type ElectionReasonDialogProps, useElectionReasonAction } from "./election-reason-action.ts";

const MAX_REASON = 1000;

/**
 * Cancelling an election: a confirmation that says what it means (families no longer see it, ballots
 * already cast are never counted, no way back) and the reason, required, kept in the audit log.
 */
export function CancelElectionDialog(props: ElectionReasonDialogProps) {
  const { election, onClose } = props;
  const { t, i18n } = useTranslation();
  const { reason, setReason, missing, setMissing, mutation, serverField } = useElectionReasonAction(
    props,
    cancelElection,
    "elections:admin.cancel.done",
  );
  return (
    <FormDialog
      opened={election !== null}
      title={election ? t("elections:admin.cancel.title", { title: electionTitle(election, i18n.language) }) : ""}
      onClose={() => {
        mutation.reset();
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
      submitLabel={t("elections:admin.cancel.submit")}
    >
      <Text size="sm">{t("elections:admin.cancel.text")}</Text>
      <ReasonField
        label={t("elections:admin.cancel.reason")}
        value={reason}
        onChange={setReason}
        maxLength={MAX_REASON}
        error={missing ? t("validation:required") : serverField}
      />
    </FormDialog>
  );
}
