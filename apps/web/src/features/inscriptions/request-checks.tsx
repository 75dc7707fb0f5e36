import "@mantine/core/styles/UnstyledButton.layer.css";
import "@mantine/core/styles/CloseButton.layer.css";
import "@mantine/core/styles/Alert.layer.css";
import "@mantine/core/styles/List.layer.css";
import "@mantine/core/styles/Stack.layer.css";
import "@mantine/core/styles/Text.layer.css";
import { Alert, List, Stack, Text } from "@mantine/core";
import type { RequestChecks as Checks } from "@portal/shared/schemas/workflow";
import { useTranslation } from "react-i18next";
import { formatDay } from "../../lib/dates.ts";
import { Section } from "./detail-section.tsx";
import { formatDateTime } from "./format.ts";

/**
 * Issue #14, on a request's page: what the staff should look at before deciding — a birth date far
 * from the level's usual age (the family confirmed it), and the family accounts that were refused
 * this student's identification (they were told nothing about this student or family).
 */
export function RequestChecks({ checks, levelLabel }: { checks: Checks; levelLabel: string }) {
  const { t, i18n } = useTranslation();
  const { birthDate, duplicateAttempts } = checks;
  return (
    <Section title={t("inscriptions:checks.title")} testId="request-checks">
      {birthDate === null && duplicateAttempts.length === 0 ? (
        <Text size="sm">{t("inscriptions:checks.none")}</Text>
      ) : null}
      {birthDate ? (
        <Alert color="orange" title={t("inscriptions:checks.birthDateTitle")} data-testid="birth-date-check">
          <Text size="sm">
            {t("inscriptions:checks.birthDateText", {
              date: formatDay(birthDate.birthDate, i18n.language),
              level: levelLabel,
              year: birthDate.usualBirthYear,
            })}{" "}
            {birthDate.yearsOff > 0
              ? t("inscriptions:checks.older", { count: birthDate.yearsOff })
              : t("inscriptions:checks.younger", { count: -birthDate.yearsOff })}
          </Text>
        </Alert>
      ) : null}
      {duplicateAttempts.length > 0 ? (
        <Alert color="orange" title={t("inscriptions:checks.duplicatesTitle")} data-testid="duplicate-attempts">
          <Stack gap="xs">
            <List size="sm">
              {duplicateAttempts.map((attempt) => (
                <List.Item key={attempt.family.id}>
                  {t("inscriptions:checks.duplicate", {
                    count: attempt.attempts,
                    email: attempt.family.email,
                    name: attempt.family.name,
                    date: formatDateTime(attempt.lastAt, i18n.language),
                  })}
                </List.Item>
              ))}
            </List>
            <Text size="sm">{t("inscriptions:checks.duplicatesHint")}</Text>
          </Stack>
        </Alert>
      ) : null}
    </Section>
  );
}
