import { Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { isLanguage, LANGUAGE_CODES, type Language } from "@portal/shared/languages";
import type { SchoolDocumentAdmin } from "@portal/shared/schemas/school-documents";
import {
  DOCUMENT_FIELDS,
  DOCUMENT_TEXT_MAX,
  DOCUMENT_TITLE_MAX,
  parseDocumentText,
} from "@portal/shared/school-documents";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DocumentBlocks } from "../../components/ui/document-blocks.tsx";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { hasErrorCode, isApiError } from "../../lib/api-error.ts";
import { confirm } from "../../lib/confirm.tsx";
import { notifySuccess } from "../../lib/toasts.ts";
import { publishDraft, saveDraft } from "./school-documents-api.ts";

type Texts = Record<Language, string>;

/**
 * One document's texts in the three languages (the draft if there is one, else the version in
 * force), edited as Markdown with a live preview of the parsed text (fields shown as written:
 * the request preview fills them); saved as the draft, published after a confirmation. Mounted
 * again (by key) for each document and version.
 */
export function DocumentEditor({
  document,
  name,
  onChanged,
  onConflict,
}: {
  document: SchoolDocumentAdmin;
  name: string;
  onChanged: () => void;
  onConflict: () => void;
}) {
  const { t, i18n } = useTranslation();
  const start = document.draft ?? document.inForce;
  const [titles, setTitles] = useState<Texts>(start?.titles ?? { es: "", en: "", fr: "" });
  const [bodies, setBodies] = useState<Texts>(start?.bodies ?? { es: "", en: "", fr: "" });
  const [language, setLanguage] = useState<Language>(isLanguage(i18n.language) ? i18n.language : "es");

  const onError = (error: unknown) => {
    if (hasErrorCode(error, "VERSION_CONFLICT")) onConflict();
  };
  const save = useMutation({
    mutationFn: () => saveDraft(document.id, { titles, bodies, expectedVersion: document.version }),
    onSuccess: () => {
      notifySuccess(t("schoolDocuments:saved"));
      onChanged();
    },
    onError,
  });
  const publish = useMutation({
    // Publishes what is on the screen: saved as the draft first, then put in force.
    mutationFn: async () => {
      const saved = await saveDraft(document.id, { titles, bodies, expectedVersion: document.version });
      return publishDraft(document.id, saved.version);
    },
    onSuccess: () => {
      notifySuccess(t("schoolDocuments:published"));
      onChanged();
    },
    onError,
  });

  async function askPublish() {
    const number = document.draft?.number ?? (document.history[0]?.number ?? 0) + 1;
    if (
      await confirm({
        title: t("schoolDocuments:publishTitle"),
        text: t("schoolDocuments:publishConfirm", { number, name }),
      })
    ) {
      publish.mutate();
    }
  }

  const problem = publish.error ?? save.error;
  const bodyError = isApiError(problem) ? problem.fields[`bodies.${language}`] : undefined;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="md">
          <NativeSelect
            label={t("schoolDocuments:language")}
            value={language}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (isLanguage(value)) setLanguage(value);
            }}
            data={LANGUAGE_CODES.map((value) => ({ value, label: t(`schoolDocuments:languages.${value}`) }))}
          />
          <TextInput
            label={t("schoolDocuments:titleField")}
            value={titles[language]}
            maxLength={DOCUMENT_TITLE_MAX}
            onChange={(event) => setTitles({ ...titles, [language]: event.currentTarget.value })}
          />
          <Textarea
            label={t("schoolDocuments:bodyField")}
            description={t("schoolDocuments:bodyHint")}
            value={bodies[language]}
            maxLength={DOCUMENT_TEXT_MAX}
            autosize
            minRows={12}
            maxRows={28}
            error={bodyError}
            onChange={(event) => setBodies({ ...bodies, [language]: event.currentTarget.value })}
            // Placeholders are this text's content (the e2e screen sweep reads past them).
            data-template-text
          />
          <FormErrorAlert error={isApiError(problem) && bodyError ? null : problem} />
          <Group gap="sm">
            <Button type="submit" variant="default" loading={save.isPending} disabled={publish.isPending}>
              {t("schoolDocuments:saveDraft")}
            </Button>
            <Button onClick={() => void askPublish()} loading={publish.isPending} disabled={save.isPending}>
              {t("schoolDocuments:publish")}
            </Button>
          </Group>
          <section aria-labelledby={`fields-${document.id}`}>
            <Title order={3} size="h5" id={`fields-${document.id}`}>
              {t("schoolDocuments:fieldsTitle")}
            </Title>
            <Stack gap={2} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} data-template-text>
              {DOCUMENT_FIELDS.map((field) => (
                <Text component="li" size="sm" key={field}>
                  <Text component="code" size="sm" ff="monospace">{`{{${field}}}`}</Text>
                  {` – ${t(`schoolDocuments:fields.${field}`)}`}
                </Text>
              ))}
            </Stack>
          </section>
        </Stack>
        <Paper withBorder p="md" component="section" aria-label={t("schoolDocuments:livePreview")} data-template-text>
          <Stack gap="sm">
            <Text size="xs" c="dimmed">
              {t("schoolDocuments:livePreview")}
            </Text>
            <Title order={3} size="h4">
              {titles[language]}
            </Title>
            <DocumentBlocks blocks={parseDocumentText(bodies[language])} headingOrder={4} />
          </Stack>
        </Paper>
      </SimpleGrid>
    </form>
  );
}
