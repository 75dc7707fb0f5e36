import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { rolesFor } from "@portal/shared/permissions";
import type { Role } from "@portal/shared/roles";
import type { SigningStateDocument } from "@portal/shared/schemas/signing";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { hasErrorCode, isApiError } from "../../lib/api-error.ts";
import { confirm } from "../../lib/confirm.tsx";
import { formatInstant } from "../../lib/dates.ts";
import { useSession } from "../../lib/session-query.ts";
import { notifySuccess } from "../../lib/toasts.ts";
import { SigningEvents } from "./signing-events.tsx";
import { SignerList, SigningStatusBadge } from "./signing-status.tsx";
import {
  countersign,
  downloadStaffFinalPdf,
  remindSigners,
  requestSigningKey,
  useRequestSigning,
} from "./staff-signing-api.ts";

/** Another person's change makes the click stale: the panel reads the state again and says why. */
const STALE = ["VERSION_CONFLICT", "SIGNING_NOT_READY"];

function DocumentSignatures({
  requestId,
  document,
  canManage,
}: {
  requestId: number;
  document: SigningStateDocument;
  canManage: boolean;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const key = requestSigningKey(requestId);
  const onState = (message: string) => (state: unknown) => {
    queryClient.setQueryData(key, state);
    notifySuccess(message);
  };
  const onError = (error: unknown) => {
    if (hasErrorCode(error, ...STALE)) void queryClient.invalidateQueries({ queryKey: key });
  };
  const remind = useMutation({
    mutationFn: () => remindSigners(requestId, document.documentId),
    onSuccess: onState(t("signing:panel.reminded")),
    onError,
  });
  const sign = useMutation({
    mutationFn: () => countersign(requestId, document.documentId, document.version),
    onSuccess: onState(t("signing:panel.countersigned", { title: document.title })),
    onError,
  });
  const download = useMutation({ mutationFn: () => downloadStaffFinalPdf(requestId, document.documentId) });
  const failure = remind.error ?? sign.error ?? download.error;
  const headingId = `signatures-${document.documentId}`;

  const askCountersign = async () => {
    const confirmed = await confirm({
      title: t("signing:panel.countersignTitle"),
      text: t("signing:panel.countersignText", { title: document.title }),
      confirmLabel: t("signing:panel.countersign"),
      cancelLabel: t("common:actions.cancel"),
    });
    if (confirmed) sign.mutate();
  };

  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={headingId} data-testid="signatures-document">
      <Stack gap="xs">
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Title order={3} size="h5" id={headingId}>
            {document.title}
          </Title>
          <SigningStatusBadge status={document.status} />
        </Group>
        <SignerList signers={document.signers} />
        {document.status === "complete" ? (
          <Text size="sm" data-testid="signing-verification">
            {t("signing:panel.verification", {
              code: document.verificationCode ?? "",
              at: formatInstant(document.completedAt, i18n.language),
            })}
          </Text>
        ) : null}
        <Group gap="sm" wrap="wrap">
          {canManage && document.status === "pending" ? (
            <Button
              variant="light"
              onClick={() => remind.mutate()}
              loading={remind.isPending}
              aria-describedby={headingId}
            >
              {t("signing:panel.remind")}
            </Button>
          ) : null}
          {canManage && document.status === "awaitingSchool" ? (
            <Button onClick={() => void askCountersign()} loading={sign.isPending} aria-describedby={headingId}>
              {t("signing:panel.countersign")}
            </Button>
          ) : null}
          {document.status === "complete" ? (
            <Button
              variant="default"
              onClick={() => download.mutate()}
              loading={download.isPending}
              aria-describedby={headingId}
            >
              {t("signing:panel.download")}
            </Button>
          ) : null}
        </Group>
        {failure ? (
          <Alert color="red" role="alert" title={t("errors:title")}>
            {isApiError(failure) ? failure.message : t("errors:INTERNAL")}
          </Alert>
        ) : null}
        <SigningEvents requestId={requestId} documentId={document.documentId} title={document.title} />
      </Stack>
    </Paper>
  );
}

/**
 * The request page's "Signatures" panel (docs/rules/documents.md "Signing online"): per document
 * the signers and when each signed, a reminder to the representatives who have not, the school's
 * countersignature once they all have (asked first), the final PDF, the evidence. Consulta reads.
 */
export function SignaturesPanel({ requestId }: { requestId: number }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const canManage = user ? (rolesFor("signingManage") as readonly Role[]).includes(user.role) : false;
  const state = useRequestSigning(requestId);
  return (
    <Paper withBorder p="md" component="section" aria-label={t("signing:panel.title")} data-testid="signatures-panel">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("signing:panel.title")}
        </Title>
        {state.isError ? (
          <LoadErrorAlert error={state.error} onRetry={() => void state.refetch()} />
        ) : !state.data ? (
          <Text size="sm">{t("common:loading")}</Text>
        ) : state.data.documents.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("signing:panel.none")}
          </Text>
        ) : (
          state.data.documents.map((document) => (
            <DocumentSignatures
              key={document.documentId}
              requestId={requestId}
              document={document}
              canManage={canManage}
            />
          ))
        )}
        {!canManage ? (
          <Text size="xs" c="dimmed">
            {t("signing:panel.readOnly")}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
