import { Button, Checkbox, Group, Stack, Text, VisuallyHidden } from "@mantine/core";
import type { HandInState } from "@portal/shared/schemas/documents";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConflictAlert } from "../../components/ui/conflict-alert.tsx";
import { DateField } from "../../components/ui/date-field.tsx";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { hasErrorCode } from "../../lib/api-error.ts";
import { notifySuccess } from "../../lib/toasts.ts";
import { DOCUMENTS_QUERY_KEY, saveHandIn } from "./documents-api.ts";

const today = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/**
 * One signed paper of the checklist: received (checkbox) and on which day, who recorded it and
 * when. Read-only without documentsManage. A stale version says so and reloads the checklist.
 */
export function HandInRow({ requestId, state, canEdit }: { requestId: number; state: HandInState; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [received, setReceived] = useState(state.received);
  const [receivedOn, setReceivedOn] = useState(state.receivedOn ?? today());
  // The document's title as the school named it, in the reader's language (the school's own documents too).
  const item = state.title;
  const save = useMutation({
    mutationFn: () =>
      saveHandIn(requestId, state.item, { received, receivedOn: received ? receivedOn : null, version: state.version }),
    onSuccess: () => {
      notifySuccess(t("documentsPage:detail.saved"));
      void queryClient.invalidateQueries({ queryKey: DOCUMENTS_QUERY_KEY });
    },
    onError: (error) => {
      if (hasErrorCode(error, "VERSION_CONFLICT"))
        void queryClient.invalidateQueries({ queryKey: DOCUMENTS_QUERY_KEY });
    },
  });
  const changed = received !== state.received || (received && receivedOn !== (state.receivedOn ?? ""));
  const when = state.recordedAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(
        new Date(state.recordedAt),
      )
    : null;

  return (
    <Stack gap={4} data-testid={`hand-in-${state.item}`}>
      <Group gap="md" align="flex-end" wrap="wrap">
        <Checkbox
          label={t("documentsPage:detail.receivedLabel", { item })}
          checked={received}
          disabled={!canEdit}
          onChange={(event) => setReceived(event.currentTarget.checked)}
        />
        {received ? (
          <DateField
            label={t("documentsPage:detail.receivedOn", { item })}
            value={receivedOn}
            readOnly={!canEdit}
            maxDate={today()}
            onChange={setReceivedOn}
            size="xs"
          />
        ) : null}
        {canEdit ? (
          <Button
            size="xs"
            onClick={() => save.mutate()}
            disabled={!changed || (received && !receivedOn)}
            loading={save.isPending}
          >
            {t("documentsPage:detail.save")}
            <VisuallyHidden> · {item}</VisuallyHidden>
          </Button>
        ) : null}
      </Group>
      {state.signedOnline ? (
        <Text size="sm" c="teal">
          {item} · {t("documentsPage:detail.signedOnline")}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        {when && state.recordedBy
          ? t("documentsPage:detail.recorded", { who: state.recordedBy, when })
          : t("documentsPage:detail.notRecorded")}
      </Text>
      {save.isError ? (
        hasErrorCode(save.error, "VERSION_CONFLICT") ? (
          <ConflictAlert message={save.error.message} />
        ) : (
          <FormErrorAlert error={save.error} />
        )
      ) : null}
    </Stack>
  );
}
