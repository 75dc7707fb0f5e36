import { Alert, Button, CloseButton, Group, List, Modal, NativeSelect, Paper, Stack, Text } from "@mantine/core";
import type { RequestStatus } from "@portal/shared/request-status";
import type { Role } from "@portal/shared/roles";
import type { RequestListItem } from "@portal/shared/schemas/requests";
import type { BulkResult } from "@portal/shared/schemas/workflow";
import { type BulkAction, requiresReason } from "@portal/shared/workflow";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { reasonProblem } from "../../components/ui/reason-field.tsx";
import { useStatusLabel } from "../../lib/status-texts.ts";
import { ChangeCommentField, DialogFooter } from "./action-dialogs.tsx";
import { bulkActionsFor } from "./bulk-actions.ts";
import { INSCRIPTIONS_QUERY_KEY, runBulkAction } from "./requests-api.ts";

interface Outcome {
  action: BulkAction;
  result: BulkResult;
  /** Student names at the time of the change, by request id (the page reloads after it). */
  names: Record<number, string>;
}

function BulkOutcome({ outcome, onClose }: { outcome: Outcome; onClose: () => void }) {
  const { t } = useTranslation();
  const statusLabel = useStatusLabel();
  const { changed, unchanged } = outcome.result;
  const name = (id: number, code: string | null) => {
    const student = outcome.names[id];
    return [code ?? `#${id}`, student].filter(Boolean).join(" · ");
  };
  return (
    <Alert
      color={unchanged.length === 0 ? "green" : changed.length === 0 ? "red" : "yellow"}
      title={t("inscriptions:bulk.resultTitle", { action: t(`common:workflowAction.${outcome.action}`) })}
      role="status"
      data-testid="bulk-result"
      withCloseButton={false}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm" fw={600}>
            {t("inscriptions:bulk.changedCount", { count: changed.length })}
          </Text>
          <CloseButton aria-label={t("inscriptions:bulk.closeResult")} onClick={onClose} size="sm" />
        </Group>
        {changed.length > 0 ? (
          <List size="sm" spacing={2} aria-label={t("inscriptions:bulk.changedList")}>
            {changed.map((row) => (
              <List.Item key={row.id}>
                {t("inscriptions:bulk.changedRow", {
                  record: name(row.id, row.code),
                  from: statusLabel(row.from),
                  to: statusLabel(row.to),
                })}
              </List.Item>
            ))}
          </List>
        ) : null}
        <Text size="sm" fw={600}>
          {t("inscriptions:bulk.unchangedCount", { count: unchanged.length })}
        </Text>
        {unchanged.length > 0 ? (
          <List size="sm" spacing={2} aria-label={t("inscriptions:bulk.unchangedList")}>
            {unchanged.map((row) => (
              <List.Item key={row.id}>
                {t("inscriptions:bulk.unchangedRow", { record: name(row.id, row.code), reason: row.message })}
              </List.Item>
            ))}
          </List>
        ) : null}
      </Stack>
    </Alert>
  );
}

interface BulkDialogProps {
  /** The change to confirm, or null (closed). */
  change: { action: BulkAction; ids: number[] } | null;
  pending: boolean;
  error: unknown;
  onConfirm: (comment: string) => void;
  onClose: () => void;
}

/**
 * The confirmation of a bulk change (spec 8's 'The status of the selected records will change'),
 * with a comment (required as the reason for Refuse, Suspend and Cancel): each changed record's
 * history keeps it and its family's e-mail says it.
 * The form is mounted only while the dialog is open, so every opening starts without a comment.
 */
function BulkDialog({ change, pending, error, onConfirm, onClose }: BulkDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={change !== null} onClose={onClose} title={t("inscriptions:bulk.confirmTitle")} centered size="lg">
      {change ? (
        <BulkDialogForm change={change} pending={pending} error={error} onConfirm={onConfirm} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function BulkDialogForm({
  change,
  pending,
  error,
  onConfirm,
  onClose,
}: BulkDialogProps & { change: NonNullable<BulkDialogProps["change"]> }) {
  const { t } = useTranslation();
  const [comment, setComment] = useState("");
  const [submitted, setSubmitted] = useState(false);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (requiresReason(change.action) && reasonProblem(comment)) return;
        onConfirm(comment);
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          {t("inscriptions:bulk.confirmText", {
            action: t(`common:workflowAction.${change.action}`),
            count: change.ids.length,
          })}
        </Text>
        <ChangeCommentField
          action={change.action}
          value={comment}
          onChange={setComment}
          submitted={submitted}
          hints={{ comment: t("inscriptions:bulk.commentHint"), reason: t("inscriptions:bulk.reasonHint") }}
          error={error}
        />
        <DialogFooter
          error={error}
          pending={pending}
          onCancel={onClose}
          cancelLabel={t("common:actions.keepAsIs")}
          submitLabel={t("inscriptions:bulk.confirmSubmit", {
            action: t(`common:workflowAction.${change.action}`),
            count: change.ids.length,
          })}
        />
      </Stack>
    </form>
  );
}

interface BulkStatusChangeProps {
  items: RequestListItem[];
  /** The list's fixed statuses, or null (the actions then follow the page's statuses). */
  statuses: readonly RequestStatus[] | null;
  selected: ReadonlySet<number>;
  role: Role;
  onChanged: () => void;
}

/** Spec 4 bulk status change: selected rows, one action, a confirmation, then what happened to each. */
export function BulkStatusChange({ items, statuses, selected, role, onChanged }: BulkStatusChangeProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [action, setAction] = useState<BulkAction | "">("");
  const [notice, setNotice] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [change, setChange] = useState<{ action: BulkAction; ids: number[] } | null>(null);

  const actions = bulkActionsFor(statuses ?? [...new Set(items.map((item) => item.requestStatus))], role);
  const chosen = action !== "" && actions.includes(action) ? action : "";

  const mutation = useMutation({
    mutationFn: runBulkAction,
    onSuccess: (result, variables) => {
      const names = Object.fromEntries(
        items.filter((item) => variables.ids.includes(item.id)).map((item) => [item.id, item.studentName]),
      );
      setOutcome({ action: variables.action, result, names });
      setChange(null);
      setAction("");
      onChanged();
      void queryClient.invalidateQueries({ queryKey: INSCRIPTIONS_QUERY_KEY });
    },
  });

  function apply() {
    setNotice(null);
    mutation.reset();
    // Spec 8: applying with nothing selected says so (the server would answer the same).
    if (selected.size === 0) {
      setNotice(t("inscriptions:bulk.noneSelected"));
      return;
    }
    if (chosen === "") {
      setNotice(t("inscriptions:bulk.noAction"));
      return;
    }
    setChange({ action: chosen, ids: items.filter((item) => selected.has(item.id)).map((item) => item.id) });
  }

  return (
    <Stack gap="sm">
      {/* The result stays on screen even when the change emptied the list. */}
      {items.length > 0 ? (
        <Paper withBorder p="sm">
          <Group gap="md" align="flex-end" wrap="wrap">
            <NativeSelect
              label={t("inscriptions:bulk.action")}
              data={[
                { value: "", label: t("inscriptions:bulk.chooseAction") },
                ...actions.map((value) => ({ value, label: t(`common:workflowAction.${value}`) })),
              ]}
              value={chosen}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setAction(actions.find((candidate) => candidate === value) ?? "");
                setNotice(null);
              }}
              miw={240}
            />
            <Button onClick={apply} loading={mutation.isPending}>
              {t("inscriptions:bulk.apply")}
            </Button>
            <Text size="sm" c="dimmed" aria-live="polite">
              {t("inscriptions:bulk.selectedCount", { count: selected.size })}
            </Text>
          </Group>
        </Paper>
      ) : null}
      {notice ? (
        <Alert color="red" role="alert" title={t("errors:title")}>
          {notice}
        </Alert>
      ) : null}
      <BulkDialog
        change={change}
        pending={mutation.isPending}
        error={mutation.error}
        onConfirm={(comment) => {
          if (!change) return;
          setOutcome(null);
          mutation.mutate({ ...change, comment: comment.trim() || undefined });
        }}
        onClose={() => {
          setChange(null);
          mutation.reset();
        }}
      />
      {outcome ? <BulkOutcome outcome={outcome} onClose={() => setOutcome(null)} /> : null}
    </Stack>
  );
}
