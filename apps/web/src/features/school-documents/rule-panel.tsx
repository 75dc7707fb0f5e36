import { Button, Checkbox, Group, NativeSelect, Paper, SimpleGrid, Stack, Title } from "@mantine/core";
import { LEVEL_CODES, type LevelCode } from "@portal/shared/rules/levels";
import type { SchoolDocumentAdmin } from "@portal/shared/schemas/school-documents";
import { DOCUMENT_AUDIENCES, type DocumentAudience } from "@portal/shared/school-documents";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { hasErrorCode } from "../../lib/api-error.ts";
import { notifySuccess } from "../../lib/toasts.ts";
import { saveRule, useLevels } from "./school-documents-api.ts";

/** Which requests need the document: new students, re-enrollments, both or none; all levels or some. */
export function RulePanel({
  document,
  onChanged,
  onConflict,
}: {
  document: SchoolDocumentAdmin;
  onChanged: () => void;
  onConflict: () => void;
}) {
  const { t } = useTranslation();
  const levels = useLevels();
  const [audience, setAudience] = useState<DocumentAudience>(document.audience);
  const [chosen, setChosen] = useState<LevelCode[] | null>(document.levels);
  const save = useMutation({
    mutationFn: () =>
      saveRule(document.id, {
        audience,
        levels: chosen && chosen.length > 0 ? chosen : null,
        expectedVersion: document.version,
      }),
    onSuccess: () => {
      notifySuccess(t("schoolDocuments:ruleSaved"));
      onChanged();
    },
    onError: (error) => {
      if (hasErrorCode(error, "VERSION_CONFLICT")) onConflict();
    },
  });
  const label = (code: string) => levels.data?.find((level) => level.code === code)?.label ?? code;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`rule-${document.id}`}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id={`rule-${document.id}`}>
            {t("schoolDocuments:rule")}
          </Title>
          <NativeSelect
            label={t("schoolDocuments:audience")}
            value={audience}
            onChange={(event) => {
              const value = DOCUMENT_AUDIENCES.find((entry) => entry === event.currentTarget.value);
              if (value) setAudience(value);
            }}
            data={DOCUMENT_AUDIENCES.map((value) => ({ value, label: t(`schoolDocuments:audiences.${value}`) }))}
          />
          <Checkbox
            label={t("schoolDocuments:allLevels")}
            checked={chosen === null}
            onChange={(event) => setChosen(event.currentTarget.checked ? null : [])}
          />
          {chosen !== null ? (
            <Checkbox.Group
              label={t("schoolDocuments:levels")}
              value={chosen}
              onChange={(value) => setChosen(value as LevelCode[])}
            >
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mt="xs">
                {LEVEL_CODES.map((code) => (
                  <Checkbox key={code} value={code} label={label(code)} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          ) : null}
          <FormErrorAlert error={save.error} />
          <Group>
            <Button type="submit" variant="default" loading={save.isPending}>
              {t("schoolDocuments:saveRule")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
