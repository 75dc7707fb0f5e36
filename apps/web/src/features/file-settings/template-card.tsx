import { Anchor, Button, FileInput, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { bytesToMb } from "@portal/shared/file-settings";
import { LANGUAGE_CODES, LANGUAGES, type Language } from "@portal/shared/languages";
import type { AdminFileSettings, AdminTemplate } from "@portal/shared/schemas/file-settings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../lib/api-error.ts";
import { confirm } from "../../lib/confirm.tsx";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { notifyRecord } from "../../lib/toasts.ts";
import {
  deleteTemplate,
  deleteTemplateFile,
  FILE_SETTINGS_QUERY_KEY,
  templateFileUrl,
  uploadTemplateFile,
} from "./file-settings-api.ts";

const languageName = (code: Language) => LANGUAGES.find((language) => language.code === code)?.label ?? code;

/** The title in the Admin's language (the three are required). */
export function templateTitle(template: AdminTemplate, language: string): string {
  return language === "en" ? template.titleEn : language === "fr" ? template.titleFr : template.titleEs;
}

/**
 * One template: its step, and per language the PDF on file (download it as families would get
 * it, replace it, remove it) or an input to upload one. Replacing and deleting are confirmed.
 */
export function TemplateCard({
  template,
  settings,
  onEdit,
}: {
  template: AdminTemplate;
  settings: AdminFileSettings;
  onEdit: () => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Partial<Record<Language, string>>>({});
  const title = templateTitle(template, i18n.language);
  const refresh = () => queryClient.invalidateQueries({ queryKey: FILE_SETTINGS_QUERY_KEY });
  const maxMb = bytesToMb(settings.templateMaxBytes);

  const uploadFile = useMutation({
    mutationFn: ({ language, file }: { language: Language; file: File }) =>
      uploadTemplateFile(template.id, language, file),
    onMutate: ({ language }) => setErrors((current) => ({ ...current, [language]: undefined })),
    onSuccess: () => notifyRecord("updated"),
    onError: (error, { language }) =>
      setErrors((current) => ({ ...current, [language]: isApiError(error) ? error.message : t("errors:INTERNAL") })),
    onSettled: refresh,
  });
  const removeFile = useMutation({
    mutationFn: (language: Language) => deleteTemplateFile(template.id, language),
    onSuccess: () => notifyRecord("deleted"),
    onError: () => notifyRecord("notDeleted"),
    onSettled: refresh,
  });
  const removeTemplate = useMutation({
    mutationFn: () => deleteTemplate(template.id),
    onSuccess: () => notifyRecord("deleted"),
    onError: () => notifyRecord("notDeleted"),
    onSettled: refresh,
  });

  const onFile = async (language: Language, file: File | null) => {
    if (!file) return;
    if (file.size > settings.templateMaxBytes) {
      setErrors((current) => ({ ...current, [language]: t("fileSettings:templates.tooLarge", { max: maxMb }) }));
      return;
    }
    const existing = template.files.find((candidate) => candidate.language === language);
    if (existing) {
      const ok = await confirm({
        title: t("fileSettings:templates.replaceTitle"),
        text: t("fileSettings:templates.replaceText", { name: existing.name, language: languageName(language) }),
      });
      if (!ok) return;
    }
    uploadFile.mutate({ language, file });
  };

  const askRemoveFile = async (language: Language, name: string) => {
    const ok = await confirm({
      title: t("fileSettings:templates.deleteFileTitle"),
      text: t("fileSettings:templates.deleteFileText", { name, language: languageName(language) }),
      danger: true,
    });
    if (ok) removeFile.mutate(language);
  };

  const askRemoveTemplate = async () => {
    const ok = await confirm({
      title: t("fileSettings:templates.deleteTitle"),
      text: t("fileSettings:templates.deleteText", { title }),
      danger: true,
    });
    if (ok) removeTemplate.mutate();
  };

  return (
    <Paper withBorder p="md" component="article" aria-labelledby={`template-${template.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={3} size="h5" id={`template-${template.id}`}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {t("fileSettings:templates.atStep", { step: t(routeTitleKey(`wizard.${template.step}`)) })}
            </Text>
          </div>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              onClick={onEdit}
              aria-label={t("fileSettings:templates.editOf", { title })}
            >
              {t("fileSettings:templates.edit")}
            </Button>
            <Button
              size="xs"
              color="red"
              variant="light"
              onClick={() => void askRemoveTemplate()}
              loading={removeTemplate.isPending}
              aria-label={t("fileSettings:templates.deleteOf", { title })}
            >
              {t("fileSettings:templates.delete")}
            </Button>
          </Group>
        </Group>
        <Table>
          <Table.Tbody>
            {LANGUAGE_CODES.map((language) => {
              const file = template.files.find((candidate) => candidate.language === language);
              return (
                <Table.Tr key={language}>
                  <Table.Td w={110}>{languageName(language)}</Table.Td>
                  <Table.Td>
                    {file ? (
                      <Anchor href={templateFileUrl(template.id, language)} download>
                        {t("fileSettings:templates.fileOnFile", {
                          name: file.name,
                          kb: Math.max(1, Math.round(file.size / 1024)),
                        })}
                      </Anchor>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t("fileSettings:templates.noFile")}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <FileInput
                      size="xs"
                      label={t(file ? "fileSettings:templates.replaceIn" : "fileSettings:templates.uploadIn", {
                        title,
                        language: languageName(language),
                      })}
                      description={t("fileSettings:templates.pdfHint", { max: maxMb })}
                      placeholder={t("fileSettings:templates.choose")}
                      accept="application/pdf"
                      clearable={false}
                      value={null}
                      onChange={(chosen) => void onFile(language, chosen)}
                      disabled={uploadFile.isPending}
                      error={errors[language]}
                    />
                  </Table.Td>
                  <Table.Td w={120}>
                    {file ? (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => void askRemoveFile(language, file.name)}
                        aria-label={t("fileSettings:templates.deleteFileOf", {
                          language: languageName(language),
                          title,
                        })}
                      >
                        {t("fileSettings:templates.deleteFile")}
                      </Button>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
