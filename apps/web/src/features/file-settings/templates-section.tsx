import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { AdminFileSettings, AdminTemplate } from "@portal/shared/schemas/file-settings";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TemplateCard } from "./template-card.tsx";
import { TemplateDialog } from "./template-dialog.tsx";

/** The school's own papers: each tied to a wizard step, with one PDF per language. */
export function TemplatesSection({ settings }: { settings: AdminFileSettings }) {
  const { t } = useTranslation();
  // null: closed; "new": a new template; else the template being edited.
  const [editing, setEditing] = useState<AdminTemplate | "new" | null>(null);
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="file-templates-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4" id="file-templates-title">
            {t("fileSettings:templates.title")}
          </Title>
          <Button onClick={() => setEditing("new")}>{t("fileSettings:templates.new")}</Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t("fileSettings:templates.hint")}
        </Text>
        {settings.templates.length === 0 ? <Text size="sm">{t("fileSettings:templates.none")}</Text> : null}
        {settings.templates.map((template) => (
          <TemplateCard key={template.id} template={template} settings={settings} onEdit={() => setEditing(template)} />
        ))}
      </Stack>
      <TemplateDialog
        opened={editing !== null}
        template={editing === "new" ? null : editing}
        onClose={() => setEditing(null)}
      />
    </Paper>
  );
}
