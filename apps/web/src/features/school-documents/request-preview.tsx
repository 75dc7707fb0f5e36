import { Anchor, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { isLanguage, LANGUAGE_CODES, type Language } from "@portal/shared/languages";
import type { SchoolDocumentAdmin } from "@portal/shared/schemas/school-documents";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DocumentBlocks } from "../../components/ui/document-blocks.tsx";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { previewPdfUrl, previewWithRequest } from "./school-documents-api.ts";

/**
 * The document (its draft, else the version in force) filled with a real request of the year,
 * picked by its code, in a chosen language; and that request's documents to sign as a PDF with
 * the draft in place. Nothing is stored.
 */
export function RequestPreview({ document }: { document: SchoolDocumentAdmin }) {
  const { t, i18n } = useTranslation();
  const [code, setCode] = useState("");
  const [language, setLanguage] = useState<Language>(isLanguage(i18n.language) ? i18n.language : "es");
  const version = document.draft ?? document.inForce;
  const preview = useMutation({
    mutationFn: () =>
      previewWithRequest(document.id, {
        language,
        title: version?.titles[language] ?? "",
        body: version?.bodies[language] ?? "",
        requestCode: code,
      }),
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`request-preview-${document.id}`}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={`request-preview-${document.id}`}>
          {t("schoolDocuments:requestPreview")}
        </Title>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (code.trim()) preview.mutate();
          }}
        >
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label={t("schoolDocuments:requestCode")}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              maxLength={40}
            />
            <NativeSelect
              label={t("schoolDocuments:language")}
              value={language}
              onChange={(event) => {
                const value = event.currentTarget.value;
                if (isLanguage(value)) setLanguage(value);
              }}
              data={LANGUAGE_CODES.map((value) => ({ value, label: t(`schoolDocuments:languages.${value}`) }))}
            />
            <Button type="submit" variant="default" loading={preview.isPending}>
              {t("schoolDocuments:showPreview")}
            </Button>
            {code.trim() && !document.online ? (
              <Anchor href={previewPdfUrl(document.id, language, code.trim())} target="_blank" rel="noopener">
                {t("schoolDocuments:pdfPreview")}
              </Anchor>
            ) : null}
          </Group>
        </form>
        <FormErrorAlert error={preview.error} />
        {preview.data ? (
          <Stack gap="xs" data-testid="request-preview">
            <Text size="sm" c="dimmed">
              {t("schoolDocuments:previewOf", { student: preview.data.studentName, code: preview.data.requestCode })}
            </Text>
            <Title order={3} size="h4">
              {preview.data.title}
            </Title>
            <DocumentBlocks blocks={preview.data.blocks} headingOrder={4} />
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
