import { Alert, Group, NativeSelect, Stack, Text, Title } from "@mantine/core";
import { EMAIL_TEXT_IDS, type EmailTextId, isEmailTextId } from "@portal/shared/email-texts";
import { isLanguage, LANGUAGE_CODES, type Language } from "@portal/shared/languages";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { formatInstant } from "../../lib/dates.ts";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { notifyRecord } from "../../lib/toasts.ts";
import { EmailTextEditor } from "./email-text-editor.tsx";
import { EMAIL_TEXTS_QUERY_KEY, useEmailTexts } from "./email-texts-api.ts";

/**
 * Settings › E-mail texts (Admin only): every e-mail the portal sends, chosen with its language;
 * its subject and body edited with the fields it may use and a preview the server draws with
 * sample data, saved at the version read (a 409 reloads and says so), reset to the portal's text.
 */
export function EmailTextsPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const list = useEmailTexts();
  const [id, setId] = useState<EmailTextId>(EMAIL_TEXT_IDS[0]);
  const [language, setLanguage] = useState<Language>(isLanguage(i18n.language) ? i18n.language : "es");
  const [conflict, setConflict] = useState(false);

  const reload = () => void queryClient.invalidateQueries({ queryKey: EMAIL_TEXTS_QUERY_KEY });
  const item = list.data?.items.find((candidate) => candidate.id === id && candidate.language === language);
  const customized = (candidate: EmailTextId) =>
    list.data?.items.some((entry) => entry.id === candidate && entry.customized) ?? false;

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t(routeTitleKey("settings.emailTexts"))}
      </Title>
      <Text>{t("emailTexts:intro")}</Text>
      {conflict ? (
        <Alert color="orange" role="alert" withCloseButton onClose={() => setConflict(false)}>
          {t("emailTexts:conflict")}
        </Alert>
      ) : null}
      <Group gap="md" align="flex-end" wrap="wrap">
        <NativeSelect
          label={t("emailTexts:email")}
          value={id}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isEmailTextId(value)) setId(value);
          }}
          data={EMAIL_TEXT_IDS.map((value) => ({
            value,
            label: customized(value)
              ? `${t(`emailTexts:names.${value}`)} · ${t("emailTexts:customized")}`
              : t(`emailTexts:names.${value}`),
          }))}
          miw={320}
        />
        <NativeSelect
          label={t("emailTexts:language")}
          value={language}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isLanguage(value)) setLanguage(value);
          }}
          data={LANGUAGE_CODES.map((value) => ({ value, label: t(`emailTexts:languages.${value}`) }))}
          miw={160}
        />
      </Group>
      {item ? (
        <>
          <Text size="sm" c="dimmed" data-testid="email-text-state">
            {item.customized && item.updatedAt
              ? `${t("emailTexts:customized")} · ${t("emailTexts:lastSaved", {
                  when: formatInstant(item.updatedAt, i18n.language),
                  who: item.updatedBy ?? "",
                })}`
              : item.customized
                ? t("emailTexts:customized")
                : t("emailTexts:default")}
          </Text>
          <EmailTextEditor
            key={`${item.id}-${item.language}-${item.version}`}
            item={item}
            name={{ email: t(`emailTexts:names.${item.id}`), language: t(`emailTexts:languages.${item.language}`) }}
            onSaved={() => {
              setConflict(false);
              notifyRecord("updated");
              reload();
            }}
            onConflict={() => {
              setConflict(true);
              reload();
            }}
          />
        </>
      ) : list.isError ? (
        <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
}
