import { Button, Group, Paper, Stack, Text, Textarea, Title } from "@mantine/core";
import { LANGUAGE_CODES, type Language } from "@portal/shared/languages";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { hasErrorCode } from "../../lib/api-error.ts";
import { notifySuccess } from "../../lib/toasts.ts";
import { saveFees } from "./school-documents-api.ts";

/** The year's fees text per language: what the documents' `{{fees}}` field shows. */
export function FeesPanel({
  schoolYearId,
  fees,
  onChanged,
  onConflict,
}: {
  schoolYearId: number;
  fees: { texts: Record<Language, string>; version: number };
  onChanged: () => void;
  onConflict: () => void;
}) {
  const { t } = useTranslation();
  const [texts, setTexts] = useState(fees.texts);
  const save = useMutation({
    mutationFn: () => saveFees(schoolYearId, texts, fees.version),
    onSuccess: () => {
      notifySuccess(t("schoolDocuments:feesSaved"));
      onChanged();
    },
    onError: (error) => {
      if (hasErrorCode(error, "VERSION_CONFLICT")) onConflict();
    },
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="document-fees">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="document-fees">
            {t("schoolDocuments:fees")}
          </Title>
          <Text size="sm" data-template-text>
            {t("schoolDocuments:feesHint", { field: "{{fees}}" })}
          </Text>
          {LANGUAGE_CODES.map((language) => (
            <Textarea
              key={language}
              label={t(`schoolDocuments:languages.${language}`)}
              value={texts[language]}
              maxLength={2000}
              autosize
              minRows={2}
              onChange={(event) => setTexts({ ...texts, [language]: event.currentTarget.value })}
            />
          ))}
          <FormErrorAlert error={save.error} />
          <Group>
            <Button type="submit" variant="default" loading={save.isPending}>
              {t("schoolDocuments:saveFees")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
