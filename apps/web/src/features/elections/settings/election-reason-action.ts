import type { ElectionView } from "@portal/shared/schemas/elections";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { hasErrorCode, isApiError } from "../../../lib/api-error.ts";
import { notifySuccess } from "../../../lib/toasts.ts";
import { electionTitle } from "../election-format.ts";

/** What the Admin's election dialogs that take a reason (close, cancel) are given by the page. */
export interface ElectionReasonDialogProps {
  election: ElectionView | null;
  onClose: () => void;
  onDone: () => void;
  onConflict: () => void;
}

/**
 * The reason typed in such a dialog (emptied when it opens on an election), whether it was missing
 * at the last submit, and the action sent with it: its toast names the election, another Admin's
 * earlier change (VERSION_CONFLICT) goes to `onConflict`, and a server error on `reason` is kept
 * apart as `serverField` to show under the field.
 */
export function useElectionReasonAction(
  { election, onDone, onConflict }: ElectionReasonDialogProps,
  act: (election: ElectionView, reason: string) => Promise<ElectionView>,
  doneKey: string,
) {
  const { t, i18n } = useTranslation();
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (!election) return;
    setReason("");
    setMissing(false);
  }, [election]);
  const mutation = useMutation({
    mutationFn: (text: string) => act(election!, text),
    onSuccess: (saved) => {
      notifySuccess(t(doneKey, { title: electionTitle(saved, i18n.language) }));
      onDone();
    },
    onError: (error) => {
      if (hasErrorCode(error, "VERSION_CONFLICT")) onConflict();
    },
  });
  const serverField = isApiError(mutation.error) ? mutation.error.fields.reason : undefined;
  return { reason, setReason, missing, setMissing, mutation, serverField };
}
