import { Badge, Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { LANGUAGE_CODES } from "@portal/shared/languages";
import type { StatusTextAdmin } from "@portal/shared/schemas/status-texts";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { transitionsFrom } from "./status-transitions.ts";

const LABEL_KEY = { es: "labelEs", en: "labelEn", fr: "labelFr" } as const;
const EXPLANATION_KEY = { es: "explanationEs", en: "explanationEn", fr: "explanationFr" } as const;

/** One status on the Admin's page: its words in the three languages, and where it may lead (read-only). */
export function StatusTextCard({
  item,
  label,
  statusLabel,
  onEdit,
  onReset,
  busy,
}: {
  item: StatusTextAdmin;
  /** The status's name in the interface's language, as saved. */
  label: string;
  statusLabel: (status: string) => string;
  onEdit: () => void;
  onReset: () => void;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const transitions = transitionsFrom(item.status);
  const when = item.updatedAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(
        new Date(item.updatedAt),
      )
    : null;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Group gap="xs">
            <Title order={2} size="h4" id={titleId}>
              {label}
            </Title>
            <Badge variant="light" color={item.customized ? "blue" : "gray"} style={{ textTransform: "none" }}>
              {item.customized ? t("statusTexts:customized") : t("statusTexts:default")}
            </Badge>
          </Group>
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              onClick={onEdit}
              aria-label={t("common:labelValue", { label: t("statusTexts:edit"), value: label })}
            >
              {t("statusTexts:edit")}
            </Button>
            {item.customized ? (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={onReset}
                loading={busy}
                aria-label={t("common:labelValue", { label: t("statusTexts:reset"), value: label })}
              >
                {t("statusTexts:reset")}
              </Button>
            ) : null}
          </Group>
        </Group>
        {when && item.updatedBy ? (
          <Text size="xs" c="dimmed">
            {t("statusTexts:lastSaved", { when, who: item.updatedBy })}
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
          {LANGUAGE_CODES.map((lang) => (
            <Stack key={lang} gap={2}>
              <Text size="xs" fw={700} c="dimmed">
                {t(`statusTexts:languages.${lang}`)}
              </Text>
              <Text size="sm" fw={600}>
                {item[LABEL_KEY[lang]]}
              </Text>
              <Text size="sm" c={item[EXPLANATION_KEY[lang]] ? undefined : "dimmed"} style={{ whiteSpace: "pre-line" }}>
                {item[EXPLANATION_KEY[lang]] || t("statusTexts:noExplanation")}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t("statusTexts:transitions.title")}
          </Text>
          <List size="sm" spacing={2}>
            {item.status === "InProcess" ? (
              <List.Item>{t("statusTexts:transitions.familySends", { to: statusLabel("Untreated") })}</List.Item>
            ) : null}
            {transitions.map((step) => (
              <List.Item key={step.action}>
                {t("statusTexts:transitions.item", {
                  action: t(`common:workflowAction.${step.action}`),
                  to: statusLabel(step.to),
                })}{" "}
                <Text span size="xs" c="dimmed">
                  (
                  {t("statusTexts:transitions.who", {
                    roles: step.roles.map((role) => t(`audit:roles.names.${role}`)).join(", "),
                  })}
                  )
                </Text>
              </List.Item>
            ))}
            {transitions.length === 0 && item.status !== "InProcess" ? (
              <List.Item>{t("statusTexts:transitions.none")}</List.Item>
            ) : null}
          </List>
        </Stack>
      </Stack>
    </Paper>
  );
}
