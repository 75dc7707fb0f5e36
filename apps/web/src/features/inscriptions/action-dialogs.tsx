import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text, Textarea } from "@mantine/core";
import { STEP_IDS, type StepId } from "@portal/shared/enrollment-steps";
import type { RequestStatus } from "@portal/shared/request-status";
import {
  MAX_COMMENT_LENGTH,
  MAX_CORRECTION_MESSAGE_LENGTH,
  MAX_REVIEW_NOTE_LENGTH,
} from "@portal/shared/schemas/workflow";
import { requiresReason, WORKFLOW, type WorkflowAction } from "@portal/shared/workflow";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { ReasonField, reasonProblem } from "../../components/ui/reason-field.tsx";
import { REQUIRED_FIELD } from "../../components/ui/required-field.ts";
import { isApiError } from "../../lib/api-error.ts";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { useStatusLabel } from "../../lib/status-texts.ts";

/** A server field error under its input (the server's messages are already translated). */
export function fieldError(error: unknown, field: string): string | undefined {
  return isApiError(error) ? error.fields[field] : undefined;
}

interface ActionDialogProps {
  action: Exclude<WorkflowAction, "requestCorrection"> | null;
  code: string;
  status: RequestStatus;
  pending: boolean;
  error: unknown;
  onConfirm: (comment: string) => void;
  onClose: () => void;
}

/**
 * The confirmation of one status action, with a comment (kept in the history and sent to the
 * family): optional, except for Refuse, Suspend and Cancel, whose reason the family is owed.
 * Finishing asks the spec's 'Are you sure you want to finish the process?'.
 */
export function ActionDialog({ action, code, status, pending, error, onConfirm, onClose }: ActionDialogProps) {
  const { t } = useTranslation();
  const statusLabel = useStatusLabel();
  const [comment, setComment] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const close = () => {
    setComment("");
    setSubmitted(false);
    onClose();
  };
  const actionLabel = action ? t(`common:workflowAction.${action}`) : "";
  // Spec 4 and 8: finishing asks 'Are you sure you want to finish the process?', cancelling 'Are you
  // sure you want to cancel?'; the other actions name themselves.
  const title =
    action === "finish"
      ? t("inscriptions:actions.finishTitle")
      : action === "cancel"
        ? t("common:confirm.cancelTitle")
        : t("inscriptions:actions.confirmTitle", { action: actionLabel });

  return (
    <Modal opened={action !== null} onClose={close} title={title} centered size="lg">
      {action ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setSubmitted(true);
            if (requiresReason(action) && reasonProblem(comment)) return;
            onConfirm(comment);
          }}
        >
          <Stack gap="md">
            <Text size="sm">
              {t("inscriptions:actions.confirmText", {
                code,
                from: statusLabel(status),
                to: statusLabel(WORKFLOW[action].to),
              })}
            </Text>
            {action === "finish" || action === "cancel" ? (
              <Text size="sm" fw={600}>
                {t("common:confirm.cannotRevert")}
              </Text>
            ) : null}
            <ChangeCommentField
              action={action}
              value={comment}
              onChange={setComment}
              submitted={submitted}
              hints={{ comment: t("inscriptions:actions.commentHint"), reason: t("inscriptions:actions.reasonHint") }}
              error={error}
            />
            <DialogFooter
              error={error}
              pending={pending}
              onCancel={close}
              cancelLabel={t("common:actions.keepAsIs")}
              submitLabel={t("inscriptions:actions.confirmSubmit", { action: actionLabel })}
            />
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}

interface CorrectionDialogProps {
  opened: boolean;
  pending: boolean;
  error: unknown;
  onConfirm: (value: { steps: StepId[]; message: string }) => void;
  onClose: () => void;
}

/**
 * "Request user correction": the steps to reopen (the wizard's titles) and a message for the
 * family, both required. The request goes back to the family (In process).
 */
export function CorrectionDialog({ opened, pending, error, onConfirm, onClose }: CorrectionDialogProps) {
  const { t } = useTranslation();
  const [steps, setSteps] = useState<StepId[]>([]);
  const [message, setMessage] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const close = () => {
    setSteps([]);
    setMessage("");
    setSubmitted(false);
    onClose();
  };
  const stepsError =
    submitted && steps.length === 0 ? t("inscriptions:correction.stepsRequired") : fieldError(error, "steps");
  const messageError =
    submitted && message.trim() === "" ? t("inscriptions:correction.messageRequired") : fieldError(error, "message");

  return (
    <Modal opened={opened} onClose={close} title={t("common:workflowAction.requestCorrection")} centered size="xl">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          if (steps.length === 0 || message.trim() === "") return;
          onConfirm({ steps: STEP_IDS.filter((step) => steps.includes(step)), message: message.trim() });
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t("inscriptions:correction.intro")}</Text>
          <Checkbox.Group
            label={t("inscriptions:correction.steps")}
            description={t("inscriptions:correction.stepsHint")}
            value={steps}
            onChange={(values) => setSteps(STEP_IDS.filter((step) => values.includes(step)))}
            error={stepsError}
            withAsterisk
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
              {STEP_IDS.map((step) => (
                <Checkbox key={step} value={step} label={t(routeTitleKey(`wizard.${step}`))} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Textarea
            {...REQUIRED_FIELD}
            label={t("inscriptions:correction.message")}
            description={t("inscriptions:correction.messageHint")}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
            maxLength={MAX_CORRECTION_MESSAGE_LENGTH}
            autosize
            minRows={3}
            maxRows={8}
            error={messageError}
          />
          <DialogFooter
            error={error}
            pending={pending}
            onCancel={close}
            cancelLabel={t("common:actions.keepAsIs")}
            submitLabel={t("inscriptions:correction.submit")}
          />
        </Stack>
      </form>
    </Modal>
  );
}

/** The optional comment of a status change, kept in the history and sent to the family. */
export function CommentField({
  value,
  onChange,
  description,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  description: string;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Textarea
      label={t("inscriptions:actions.comment")}
      description={description}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maxLength={MAX_COMMENT_LENGTH}
      autosize
      minRows={2}
      maxRows={6}
      error={error}
    />
  );
}

/**
 * A status change's words for the family: the required reason for Refuse, Suspend and Cancel (the
 * server refuses them without one), the optional comment otherwise. `submitted` shows a missing
 * reason under the field before any request is made.
 */
export function ChangeCommentField({
  action,
  value,
  onChange,
  submitted,
  hints,
  error,
}: {
  action: WorkflowAction;
  value: string;
  onChange: (value: string) => void;
  submitted: boolean;
  hints: { comment: string; reason: string };
  error: unknown;
}) {
  const { t } = useTranslation();
  if (!requiresReason(action)) {
    return (
      <CommentField
        value={value}
        onChange={onChange}
        description={hints.comment}
        error={fieldError(error, "comment")}
      />
    );
  }
  return (
    <ReasonField
      label={t("inscriptions:actions.reason")}
      description={hints.reason}
      value={value}
      onChange={onChange}
      maxLength={MAX_COMMENT_LENGTH}
      error={submitted && reasonProblem(value) ? t("validation:reasonRequired") : fieldError(error, "comment")}
    />
  );
}

interface ReviewDialogProps {
  /** "flag": ask for an internal review (a note is required); "resolve": clear it (note optional). */
  mode: "flag" | "resolve" | null;
  pending: boolean;
  error: unknown;
  onConfirm: (note: string) => void;
  onClose: () => void;
}

/** Sets or clears the internal-review flag (staff only; the family is not told). */
export function ReviewDialog({ mode, pending, error, onConfirm, onClose }: ReviewDialogProps) {
  const { t } = useTranslation();
  const [note, setNote] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const close = () => {
    setNote("");
    setSubmitted(false);
    onClose();
  };
  const required = mode === "flag";
  const noteError =
    submitted && required && note.trim() === "" ? t("inscriptions:review.noteRequired") : fieldError(error, "note");

  return (
    <Modal
      opened={mode !== null}
      onClose={close}
      title={mode === "resolve" ? t("inscriptions:review.resolveTitle") : t("inscriptions:review.flagTitle")}
      centered
      size="lg"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          if (required && note.trim() === "") return;
          onConfirm(note.trim());
        }}
      >
        <Stack gap="md">
          <Textarea
            {...(required ? REQUIRED_FIELD : {})}
            label={required ? t("inscriptions:review.note") : t("inscriptions:review.resolutionNote")}
            description={required ? t("inscriptions:review.noteHint") : t("inscriptions:review.resolutionNoteHint")}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            maxLength={MAX_REVIEW_NOTE_LENGTH}
            autosize
            minRows={2}
            maxRows={6}
            error={noteError}
          />
          <DialogFooter
            error={error}
            pending={pending}
            onCancel={close}
            cancelLabel={t("common:actions.keepAsIs")}
            submitLabel={mode === "resolve" ? t("inscriptions:review.resolve") : t("inscriptions:review.flag")}
          />
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The end of every dialog here: the failure no field shows (a field's own message is under its
 * input), then cancel and submit.
 */
export function DialogFooter(props: {
  error: unknown;
  pending: boolean;
  onCancel: () => void;
  cancelLabel: string;
  submitLabel: string;
}) {
  const { error, pending } = props;
  return (
    <>
      <FormErrorAlert error={isApiError(error) && Object.keys(error.fields).length > 0 ? null : error} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={props.onCancel} disabled={pending}>
          {props.cancelLabel}
        </Button>
        <Button type="submit" loading={pending}>
          {props.submitLabel}
        </Button>
      </Group>
    </>
  );
}
