import { Alert, Anchor, Button, Checkbox, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { LANGUAGE_CODES, type Language } from "@portal/shared/languages";
import type { MessageSendInput } from "@portal/shared/schemas/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { confirm } from "../../lib/confirm.tsx";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { notifySuccess } from "../../lib/toasts.ts";
import { useUnsavedChangesGuard } from "../../lib/use-unsaved-changes-guard.ts";
import { audienceFromParams } from "./audience-link.ts";
import { reachText } from "./message-body.tsx";
import { type Draft, emptyLanguage, languageName, MessageTextsFields, textOf } from "./message-texts-fields.tsx";
import { MESSAGE_PATH, SENT_MESSAGES_KEY, sendMessage, useAudienceCount } from "./messages-api.ts";

const EMPTY = { subject: "", body: "" };
const NEW_DRAFT: Draft = { mode: "same", same: EMPTY, perLanguage: { es: EMPTY, en: EMPTY, fr: EMPTY } };

function bodyOf(draft: Draft, languages: readonly Language[]): MessageSendInput["texts"] {
  if (draft.mode === "same") return { mode: "same", text: draft.same };
  return { mode: "perLanguage", texts: Object.fromEntries(languages.map((code) => [code, textOf(draft, code)])) };
}

/**
 * /portal/family-messages/compose?source=requests&level=CP…: the secretary writes to the families
 * of the list the URL names, sees how many families and addresses it reaches, previews it in each
 * language their addresses read, and sends it after confirming (docs/rules/messages.md).
 */
export function ComposeMessagePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const audience = useMemo(() => audienceFromParams(params), [params]);
  const [includeTestAccounts, setIncludeTestAccounts] = useState(false);
  const [draft, setDraft] = useState<Draft>(NEW_DRAFT);
  const [missing, setMissing] = useState<Language | null>(null);
  const missingRef = useRef<HTMLDivElement>(null);
  // Set once sent: the guard lets go first, then the next render opens the message's page.
  const [sentId, setSentId] = useState<number | null>(null);
  useUnsavedChangesGuard(draft !== NEW_DRAFT && sentId === null);
  useEffect(() => {
    if (sentId !== null) void navigate(`${MESSAGE_PATH}/${sentId}`);
  }, [sentId, navigate]);
  const count = useAudienceCount(audience, includeTestAccounts);
  const languages = count.data ? LANGUAGE_CODES.filter((code) => count.data.byLanguage[code] > 0) : LANGUAGE_CODES;

  // Each refused attempt moves the focus to the error, even when it names the same language again.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt > 0) missingRef.current?.focus();
  }, [attempt]);
  const trySend = () => {
    const empty = emptyLanguage(draft, languages);
    setMissing(empty);
    if (empty) setAttempt((count) => count + 1);
    else send.mutate();
  };
  const send = useMutation({
    mutationFn: async () => {
      const ok = await confirm({
        title: t("messages:compose.confirmTitle"),
        text: t("messages:compose.confirmText", {
          reach: reachText(t, count.data!.families, count.data!.addresses),
        }),
        confirmLabel: t("messages:compose.send"),
      });
      if (!ok) return null;
      return sendMessage({ audience: audience!, includeTestAccounts, texts: bodyOf(draft, languages) });
    },
    onSuccess: (message) => {
      if (!message) return;
      void queryClient.invalidateQueries({ queryKey: SENT_MESSAGES_KEY });
      notifySuccess(t("messages:compose.sent", { count: message.addresses }));
      setSentId(message.id);
    },
  });

  const title = (
    <Title order={1} size="h2">
      {t(routeTitleKey("familyMessages.compose"))}
    </Title>
  );
  if (!audience) {
    return (
      <Stack gap="lg">
        {title}
        <Alert color="yellow" title={t("messages:compose.noAudienceTitle")}>
          <Stack gap="xs">
            <Text size="sm">{t("messages:compose.noAudience")}</Text>
            <Anchor component={Link} to="/portal/dashboards/inscriptions/all-request">
              {t("messages:compose.toRequestList")}
            </Anchor>
          </Stack>
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      {title}
      <Paper withBorder p="md" component="section" aria-labelledby="message-audience">
        <Stack gap="xs">
          <Title order={2} size="h4" id="message-audience">
            {t("messages:compose.audience")}
          </Title>
          <Text size="sm">{t(`messages:source.${audience.source}`)}</Text>
          <Checkbox
            label={t("messages:compose.includeTestAccounts")}
            checked={includeTestAccounts}
            onChange={(event) => setIncludeTestAccounts(event.currentTarget.checked)}
          />
          {count.isError ? <LoadErrorAlert compact error={count.error} onRetry={() => void count.refetch()} /> : null}
          {count.data ? (
            <Stack gap={2} role="status" aria-live="polite">
              <Text fw={600}>{reachText(t, count.data.families, count.data.addresses)}</Text>
              <Text size="sm">
                {languages
                  .map((code) =>
                    t("messages:compose.perLanguage", {
                      language: languageName(code),
                      count: count.data.byLanguage[code],
                    }),
                  )
                  .join(" · ")}
              </Text>
            </Stack>
          ) : null}
          {count.data && count.data.addresses === 0 ? (
            <Alert color="yellow">{t("messages:compose.nobody")}</Alert>
          ) : null}
        </Stack>
      </Paper>
      <MessageTextsFields draft={draft} languages={languages} onChange={setDraft} />
      {missing ? (
        <Alert color="red" role="alert" tabIndex={-1} ref={missingRef}>
          {t("errors:MESSAGE_TEXT_MISSING", { language: languageName(missing) })}
        </Alert>
      ) : null}
      <FormErrorAlert error={send.error} />
      <Group>
        <Button onClick={trySend} loading={send.isPending} disabled={!count.data || count.data.addresses === 0}>
          {t("messages:compose.send")}
        </Button>
      </Group>
    </Stack>
  );
}
