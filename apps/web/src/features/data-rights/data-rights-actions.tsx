import { Button, Group, Paper, Stack, Textarea, Title } from "@mantine/core";
import {
  type DataRightsActionInput,
  isOpenDataRightsState,
  MAX_DATA_RIGHTS_ANSWER_LENGTH,
  type StaffDataRightsRequest,
} from "@portal/shared/schemas/data-rights";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { ReasonField, reasonProblem } from "../../components/ui/reason-field.tsx";
import { REQUIRED_FIELD } from "../../components/ui/required-field.ts";
import { confirm } from "../../lib/confirm.tsx";
import { notifySuccess } from "../../lib/toasts.ts";
import { useUnsavedChangesGuard } from "../../lib/use-unsaved-changes-guard.ts";
import { actOnDataRightsRequest, DATA_RIGHTS_QUEUE_KEY, dataRightsRequestKey } from "./data-rights-api.ts";

/**
 * The staff's steps on an open request: take it in progress, answer it (confirmed: the family is
 * e-mailed and it cannot be undone), or refuse it with a required reason in a dialog.
 */
export function DataRightsActions({ request }: { request: StaffDataRightsRequest }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [answer, setAnswer] = useState("");
  const [answerError, setAnswerError] = useState<string>();
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string>();
  useUnsavedChangesGuard(answer.trim() !== "" || reason.trim() !== "");

  const act = useMutation({
    mutationFn: (body: DataRightsActionInput) => actOnDataRightsRequest(request.id, body),
    onSuccess: (saved, body) => {
      queryClient.setQueryData(dataRightsRequestKey(request.id), saved);
      void queryClient.invalidateQueries({ queryKey: DATA_RIGHTS_QUEUE_KEY });
      setAnswer("");
      setReason("");
      setRefusing(false);
      notifySuccess(t(`dataRights:detail.done.${body.action}`));
    },
  });

  if (!isOpenDataRightsState(request.state)) return null;

  const sendAnswer = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = reasonProblem(answer);
    setAnswerError(problem ? t(`validation:${problem}`) : undefined);
    if (problem) return;
    const sure = await confirm({
      title: t("dataRights:detail.confirmAnswerTitle"),
      text: t("dataRights:detail.confirmAnswerText"),
      confirmLabel: t("dataRights:detail.answer"),
      cancelLabel: t("common:actions.cancel"),
    });
    if (sure) act.mutate({ action: "answer", message: answer });
  };

  const sendRefusal = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = reasonProblem(reason);
    setReasonError(problem ? t(`validation:${problem}`) : undefined);
    if (!problem) act.mutate({ action: "refuse", message: reason });
  };

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="data-rights-actions-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="data-rights-actions-title">
          {t("dataRights:detail.answerLabel")}
        </Title>
        {refusing ? null : <FormErrorAlert error={act.error} />}
        {request.state === "received" ? (
          <Group>
            <Button variant="light" onClick={() => act.mutate({ action: "start" })} loading={act.isPending}>
              {t("dataRights:detail.start")}
            </Button>
          </Group>
        ) : null}
        <form onSubmit={sendAnswer} noValidate>
          <Stack gap="sm">
            <Textarea
              {...REQUIRED_FIELD}
              label={t("dataRights:detail.answerLabel")}
              description={t("dataRights:detail.answerHint", { max: MAX_DATA_RIGHTS_ANSWER_LENGTH })}
              value={answer}
              onChange={(event) => setAnswer(event.currentTarget.value)}
              maxLength={MAX_DATA_RIGHTS_ANSWER_LENGTH}
              autosize
              minRows={4}
              maxRows={12}
              error={answerError}
            />
            <Group>
              <Button type="submit" loading={act.isPending}>
                {t("dataRights:detail.answer")}
              </Button>
              <Button variant="outline" color="red.9" onClick={() => setRefusing(true)}>
                {t("dataRights:detail.refuse")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
      <FormDialog
        opened={refusing}
        onClose={() => setRefusing(false)}
        title={t("dataRights:detail.refuseTitle")}
        onSubmit={sendRefusal}
        formError={refusing ? act.error : null}
        saving={act.isPending}
        submitLabel={t("dataRights:detail.refuse")}
      >
        <ReasonField
          label={t("dataRights:detail.refuseReason")}
          description={t("dataRights:detail.refuseHint")}
          value={reason}
          onChange={setReason}
          maxLength={MAX_DATA_RIGHTS_ANSWER_LENGTH}
          error={reasonError}
        />
      </FormDialog>
    </Paper>
  );
}
