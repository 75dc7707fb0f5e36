import { Alert, Anchor, List } from "@mantine/core";
import { isTemplateStep } from "@portal/shared/file-settings";
import { useTranslation } from "react-i18next";
import { useFileRules } from "./step-kit/upload-rules.ts";

/**
 * The school's papers for this step (Settings › Files): the exit authorization to have
 * notarised, the regulations… each downloaded in the family's language (the server falls back to
 * Spanish, then to any language the school uploaded). Nothing is shown when the step has none.
 */
export function StepTemplates({ step }: { step: string }) {
  const { t } = useTranslation();
  const rules = useFileRules();
  if (!isTemplateStep(step)) return null;
  const templates = rules.data?.templates.filter((template) => template.step === step) ?? [];
  if (templates.length === 0) return null;
  return (
    <Alert
      variant="light"
      color="blue"
      mb="md"
      title={t("fileSettings:wizard.templatesTitle")}
      role="region"
      aria-label={t("fileSettings:wizard.templatesTitle")}
    >
      <List size="sm" spacing={4}>
        {templates.map((template) => (
          <List.Item key={template.id}>
            <Anchor href={`/api/file-templates/${template.id}/download`} download>
              {t("fileSettings:wizard.download", { title: template.title })}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
