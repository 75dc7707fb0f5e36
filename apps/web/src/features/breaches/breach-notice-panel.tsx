import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { LANGUAGE_CODES, type Language } from "@portal/shared/languages";
import type { BreachNotice, BreachNoticeTexts } from "@portal/shared/schemas/breaches";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { confirm } from "../../lib/confirm.tsx";
import { formatInstant } from "../../lib/dates.ts";
import { notifySuccess } from "../../lib/toasts.ts";
import { useUnsavedChangesGuard } from "../../lib/use-unsaved-changes-guard.ts";
import {
  BREACHES_QUERY_KEY,
  breachQueryKey,
  noticeQueryKey,
  saveNotice,
  sendNotice,
  useBreachNotice,
} from "./breaches-api.ts";

const LANGUAGE_NAMES: Record<Language, string> = { es: "Español", en: "English", fr: "Français" };

/**
 * The families' notice (LOPDP art. 46): the portal's draft per language, edited and saved by the
 * Admin (kept on the server, so a reload loses nothing saved), previewed, sent after a confirmation,
 * then the send report read from the e-mail outbox.
 */
export function BreachNoticePanel({ breachId }: { breachId: number }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const notice = useBreachNotice(breachId);
  const [language, setLanguage] = useState<Language>("es");
  const [texts, setTexts] = useState<BreachNoticeTexts | null>(null);
  const [dirty, setDirty] = useState(false);
  useUnsavedChangesGuard(dirty);
  useEffect(() => {
    if (notice.data && !dirty) setTexts(notice.data.texts);
  }, [notice.data, dirty]);

  const settle = (next: BreachNotice) => {
    queryClient.setQueryData(noticeQueryKey(breachId), next);
    void queryClient.invalidateQueries({ queryKey: breachQueryKey(breachId), exact: true });
    void queryClient.invalidateQueries({ queryKey: BREACHES_QUERY_KEY, exact: true });
    setDirty(false);
  };
  const save = useMutation({
    mutationFn: () => saveNotice(breachId, { version: notice.data!.version, texts: texts! }),
    onSuccess: (next) => {
      notifySuccess(t("breaches:notice.saved"));
      settle(next);
    },
  });
  const send = useMutation({
    mutationFn: async () => {
      const ok = await confirm({
        title: t("breaches:notice.confirmTitle"),
        text: t("breaches:notice.confirmText", { families: notice.data!.families, emails: notice.data!.recipients }),
        confirmLabel: t("breaches:notice.send"),
      });
      if (!ok) return null;
      // What the Admin sees is what is sent: unsaved edits are saved first.
      const saved =
        notice.data!.saved && !dirty
          ? notice.data!
          : await saveNotice(breachId, { version: notice.data!.version, texts: texts! });
      return sendNotice(breachId, saved.version);
    },
    onSuccess: (next) => {
      if (!next) return;
      notifySuccess(t("breaches:notice.sent"));
      settle(next);
    },
  });

  if (notice.isPending || !texts) return <PageLoader />;
  if (notice.isError) return <LoadErrorAlert error={notice.error} onRetry={() => void notice.refetch()} />;
  const data = notice.data;
  const current = texts[language];
  const edit = (part: "subject" | "body", value: string) => {
    setTexts({ ...texts, [language]: { ...current, [part]: value } });
    setDirty(true);
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="breach-notice-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="breach-notice-title">
          {t("breaches:notice.title")}
        </Title>
        {data.sentAt ? (
          <Text>{t("breaches:notice.sentAt", { date: formatInstant(data.sentAt, i18n.language) })}</Text>
        ) : (
          <>
            <Text size="sm">{t("breaches:notice.intro")}</Text>
            <SegmentedControl
              aria-label={t("breaches:notice.language")}
              value={language}
              onChange={(value) => setLanguage(value as Language)}
              data={LANGUAGE_CODES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
            />
            <TextInput
              label={t("breaches:notice.subject")}
              lang={language}
              value={current.subject}
              onChange={(event) => edit("subject", event.currentTarget.value)}
            />
            <Textarea
              label={t("breaches:notice.body")}
              lang={language}
              autosize
              minRows={8}
              value={current.body}
              onChange={(event) => edit("body", event.currentTarget.value)}
            />
            {dirty ? (
              <Text size="sm" fw={600} role="status">
                {t("breaches:notice.unsaved")}
              </Text>
            ) : null}
            <FormErrorAlert error={save.error ?? send.error} />
            <Group>
              <Button variant="default" onClick={() => save.mutate()} loading={save.isPending}>
                {t("breaches:notice.save")}
              </Button>
            </Group>
            <Title order={3} size="h5">
              {t("breaches:notice.preview", { language: LANGUAGE_NAMES[language] })}
            </Title>
            <Paper withBorder p="sm" bg="gray.0" lang={language} data-testid="notice-preview">
              <Text fw={700}>{current.subject}</Text>
              <Text style={{ whiteSpace: "pre-wrap" }}>{current.body}</Text>
            </Paper>
            {data.families === 0 ? (
              <Alert color="yellow">{t("breaches:notice.noFamilies")}</Alert>
            ) : (
              <Text>{t("breaches:notice.recipients", { families: data.families, count: data.recipients })}</Text>
            )}
            <Group>
              <Button onClick={() => send.mutate()} loading={send.isPending} disabled={data.families === 0}>
                {t("breaches:notice.send")}
              </Button>
            </Group>
          </>
        )}
        {data.report.length > 0 ? (
          <Table>
            <Table.Caption>{t("breaches:notice.report")}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("breaches:notice.family")}</Table.Th>
                <Table.Th>{t("breaches:notice.emails")}</Table.Th>
                <Table.Th>{t("breaches:notice.status")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.report.map((row) => (
                <Table.Tr key={row.familyId}>
                  <Table.Td>{row.name}</Table.Td>
                  <Table.Td>{row.recipients}</Table.Td>
                  <Table.Td>{t(`breaches:notice.statuses.${row.status}`)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </Paper>
  );
}
