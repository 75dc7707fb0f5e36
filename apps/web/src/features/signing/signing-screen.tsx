import { Alert, Paper, Stack, Text, Title } from "@mantine/core";
import { type SigningDocument, signingLinkSignedSchema, signingStateSchema } from "@portal/shared/schemas/signing";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DocumentBlocks } from "../../components/ui/document-blocks.tsx";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import type { ApiError } from "../../lib/api-error.ts";
import { formatInstant } from "../../lib/dates.ts";
import type { SigningEndpoint } from "./signing-api.ts";
import { SigningForm } from "./signing-form.tsx";
import { signingErrorPlace } from "./signing-rules.ts";

interface Props {
  endpoint: SigningEndpoint;
  /** What the page shows when the link expired or is gone (the public page names the school). */
  linkGone: (error: ApiError) => ReactNode;
  /** Above the text: the school and the request (the public page), or nothing. */
  header?: (document: SigningDocument) => ReactNode;
  /** After a signature: refresh what else shows the state (the family's section). */
  afterSigned?: () => void;
}

/** A message that takes the focus when it appears: the result, or the new text's notice. */
function FocusedAlert({ children, ...props }: { children: ReactNode; color: string; title: string; testId: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Alert ref={ref} tabIndex={-1} role="status" color={props.color} title={props.title} data-testid={props.testId}>
      {children}
    </Alert>
  );
}

/** The signer's name and identification, as the final PDF's signatures page will show them. */
function SignerLine({ document }: { document: SigningDocument }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" data-testid="signing-signer">
      {t("signing:screen.signer", {
        name: document.signer.name,
        identification: document.signer.identification,
        role: t(`signing:role.${document.signer.role}`),
      })}
    </Text>
  );
}

/** When the server recorded this signature: the link's `{ signedAt }`, or the signer's in the family's new state. */
function signedAtOf(answer: unknown, document: SigningDocument): string | null {
  const link = signingLinkSignedSchema.safeParse(answer);
  if (link.success) return link.data.signedAt;
  const state = signingStateSchema.safeParse(answer);
  if (!state.success) return null;
  const signed = state.data.documents.find((item) => item.documentId === document.documentId);
  return signed?.signers.find((signer) => signer.role === document.signer.role)?.signedAt ?? null;
}

/**
 * One document to sign, for the family's account (its route) or the e-mailed link (/sign/:token):
 * the filled text drawn from its blocks (components/ui/document-blocks.tsx, the school-documents
 * preview's renderer), the signer, the form. Everything comes from the server, so a reload shows
 * the same state; a text that changed since it was read is read again and said so.
 */
export function SigningScreen({ endpoint, linkGone, header, afterSigned }: Props) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [changed, setChanged] = useState(false);
  const [signedAt, setSignedAt] = useState<string | null>(null);
  const [gone, setGone] = useState<ApiError | null>(null);
  const document = useQuery({ queryKey: endpoint.key, queryFn: endpoint.read, retry: false, staleTime: 0 });

  const loadError = document.error as ApiError | null;
  if (gone || (loadError && signingErrorPlace(loadError.code) === "link")) {
    return <>{linkGone(gone ?? (loadError as ApiError))}</>;
  }
  if (document.isError) return <LoadErrorAlert error={document.error} onRetry={() => void document.refetch()} />;
  if (!document.data) return <PageLoader />;
  const data = document.data;

  let action: ReactNode;
  if (signedAt) {
    action = (
      <FocusedAlert color="green" title={t("signing:screen.signedTitle")} testId="signing-result">
        {t("signing:screen.signedText", { title: data.title, at: formatInstant(signedAt, i18n.language) })}
      </FocusedAlert>
    );
  } else if (data.alreadySigned) {
    action = (
      <Alert color="green" title={t("signing:screen.alreadySignedTitle")} data-testid="signing-result">
        {t("signing:screen.alreadySignedText")}
      </Alert>
    );
  } else if (data.status === "void") {
    action = (
      <Alert color="gray" title={t("signing:screen.voidTitle")}>
        {t("signing:screen.voidText")}
      </Alert>
    );
  } else {
    action = (
      <SigningForm
        // A new text is a new reading: the form starts again (the code asked for stays valid).
        key={data.textSha256}
        document={data}
        endpoint={endpoint}
        onSigned={(answer) => {
          setSignedAt(signedAtOf(answer, data) ?? new Date().toISOString());
          afterSigned?.();
        }}
        onChanged={() => {
          setChanged(true);
          void queryClient.invalidateQueries({ queryKey: endpoint.key });
        }}
        onLinkGone={setGone}
        onReload={() => void queryClient.invalidateQueries({ queryKey: endpoint.key })}
      />
    );
  }

  return (
    <Stack gap="lg">
      {header?.(data)}
      {changed ? (
        <FocusedAlert color="orange" title={t("signing:screen.changedTitle")} testId="signing-changed">
          {t("signing:screen.changedText")}
        </FocusedAlert>
      ) : null}
      <Paper
        withBorder
        p="md"
        component="article"
        aria-labelledby="signing-document-title"
        style={{ overflowWrap: "anywhere" }}
      >
        <Stack gap="sm">
          <Title order={2} size="h3" id="signing-document-title">
            {data.title}
          </Title>
          <Text size="xs" c="dimmed">
            {t("signing:screen.version", { number: data.versionNumber })}
          </Text>
          <DocumentBlocks blocks={data.blocks} headingOrder={3} />
        </Stack>
      </Paper>
      <SignerLine document={data} />
      {action}
    </Stack>
  );
}
