import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { SigningSigner, SigningStateDocument } from "@portal/shared/schemas/signing";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { isApiError } from "../../lib/api-error.ts";
import { fullPathOf } from "../../lib/match-route.ts";
import { notifySuccess } from "../../lib/toasts.ts";
import { downloadFamilyFinalPdf, familySigningKey, sendSigningLink, useFamilySigning } from "./signing-api.ts";
import { SignerList, SigningStatusBadge } from "./signing-status.tsx";

export function familySigningPath(fileId: number, documentId: number): string {
  return fullPathOf("familySigning").replace(":fileId", String(fileId)).replace(":documentId", String(documentId));
}

/** "Send the signing link to <name> (m***@…)": representative 2 signs from the e-mailed link. */
function SendLinkButton({ fileId, documentId, signer }: { fileId: number; documentId: number; signer: SigningSigner }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: () => sendSigningLink(fileId, documentId),
    onSuccess: (state) => {
      queryClient.setQueryData(familySigningKey(fileId), state);
      notifySuccess(t("signing:section.linkSent", { name: signer.name }));
    },
  });
  return (
    <Stack gap={4}>
      <Button
        variant="light"
        onClick={() => send.mutate()}
        loading={send.isPending}
        h="auto"
        py={8}
        styles={{ label: { whiteSpace: "normal", textAlign: "left" } }}
      >
        {signer.linkSentAt
          ? t("signing:section.sendLinkAgain", { name: signer.name, email: signer.emailMasked ?? "" })
          : t("signing:section.sendLink", { name: signer.name, email: signer.emailMasked ?? "" })}
      </Button>
      {send.isError ? (
        <Text size="sm" c="red" role="alert">
          {isApiError(send.error) ? send.error.message : t("errors:INTERNAL")}
        </Text>
      ) : null}
    </Stack>
  );
}

function DownloadFinal({ fileId, document }: { fileId: number; document: SigningStateDocument }) {
  const { t } = useTranslation();
  const download = useMutation({ mutationFn: () => downloadFamilyFinalPdf(fileId, document.documentId) });
  return (
    <Stack gap={4}>
      <Button variant="default" onClick={() => download.mutate()} loading={download.isPending}>
        {t("signing:section.downloadSigned", { title: document.title })}
      </Button>
      {download.isError ? (
        <Text size="sm" c="red" role="alert">
          {isApiError(download.error) ? download.error.message : t("errors:INTERNAL")}
        </Text>
      ) : null}
    </Stack>
  );
}

function DocumentRow({ fileId, document }: { fileId: number; document: SigningStateDocument }) {
  const { t } = useTranslation();
  const headingId = `signing-document-${document.documentId}`;
  const mine = document.signers.find((signer) => signer.canSignHere && !signer.signedAt);
  const linkFor = document.signers.filter((signer) => signer.canSendLink && !signer.signedAt);
  const open = document.status === "pending";
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId} data-testid="signing-document">
      <Stack gap="xs">
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Title order={3} size="h5" id={headingId} style={{ overflowWrap: "anywhere" }}>
            {document.title}
          </Title>
          <SigningStatusBadge status={document.status} />
        </Group>
        <SignerList signers={document.signers} />
        {open && mine ? (
          <Button component={Link} to={familySigningPath(fileId, document.documentId)} aria-describedby={headingId}>
            {t("signing:section.readAndSign")}
          </Button>
        ) : null}
        {open
          ? linkFor.map((signer) => (
              <SendLinkButton key={signer.role} fileId={fileId} documentId={document.documentId} signer={signer} />
            ))
          : null}
        {document.status === "complete" ? <DownloadFinal fileId={fileId} document={document} /> : null}
      </Stack>
    </Paper>
  );
}

/**
 * The sent file's "Sign online" section (docs/rules/documents.md "Signing online"): each document
 * the year's rules ask the family to sign, where each signer stands, what this account can do.
 * Paper stays possible: the documents to sign are still downloadable above.
 */
export function SignOnlineSection({ fileId }: { fileId: number }) {
  const { t } = useTranslation();
  const state = useFamilySigning(fileId);
  return (
    <Stack gap="sm" component="section" aria-labelledby="sign-online-title">
      <Title order={2} size="h3" id="sign-online-title">
        {t("signing:section.title")}
      </Title>
      <Text size="sm">{t("signing:section.intro")}</Text>
      {state.isError ? (
        <LoadErrorAlert error={state.error} onRetry={() => void state.refetch()} />
      ) : !state.data ? (
        <Text size="sm">{t("common:loading")}</Text>
      ) : state.data.documents.length === 0 ? (
        <Alert color="gray">{t("signing:section.none")}</Alert>
      ) : (
        state.data.documents.map((document) => (
          <DocumentRow key={document.documentId} fileId={fileId} document={document} />
        ))
      )}
    </Stack>
  );
}
