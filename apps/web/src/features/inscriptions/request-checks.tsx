import { Alert, Anchor, List, Stack, Text } from "@mantine/core";
import type { RequestChecks as Checks } from "@portal/shared/schemas/workflow";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDay } from "../../lib/dates.ts";
import { Section } from "./detail-section.tsx";
import { formatDateTime } from "./format.ts";
import { detailPath } from "./request-lists.ts";

/**
 * On a request's page: what the staff should look at before deciding — a birth date far
 * from the level's usual age (the family confirmed it), and the family accounts that were refused
 * this student's identification (they were told nothing about this student or family), and the
 * representatives' e-mails other families' requests give too (spec 5 "same e-mail", linked).
 */
export function RequestChecks({ checks, levelLabel }: { checks: Checks; levelLabel: string }) {
  const { t, i18n } = useTranslation();
  const { birthDate, duplicateAttempts, sharedEmails } = checks;
  return (
    <Section title={t("inscriptions:checks.title")} testId="request-checks">
      {birthDate === null && duplicateAttempts.length === 0 && sharedEmails.length === 0 ? (
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
      <SharedEmails checks={checks} />
    </Section>
  );
}

const representativeKey = (step: Checks["sharedEmails"][number]["step"]) =>
  step === "firstRepresentative" ? "inscriptions:checks.representative1" : "inscriptions:checks.representative2";

/** Which representative's e-mail another family's requests give too, each request linked to its page. */
function SharedEmails({ checks }: { checks: Checks }) {
  const { t } = useTranslation();
  if (checks.sharedEmails.length === 0) return null;
  return (
    <Alert color="orange" title={t("inscriptions:checks.sharedEmailsTitle")} data-testid="shared-emails">
      <Stack gap="xs">
        {checks.sharedEmails.map((shared) => (
          <div key={shared.step}>
            <Text size="sm">
              {t("inscriptions:checks.sharedEmail", {
                email: shared.email,
                representative: t(representativeKey(shared.step)),
              })}
            </Text>
            <List size="sm">
              {shared.requests.map((request) => (
                <List.Item key={`${request.id}-${request.step}`}>
                  <Anchor component={Link} to={detailPath(request.id)} size="sm">
                    {request.code}
                  </Anchor>{" "}
                  ({t(representativeKey(request.step))})
                </List.Item>
              ))}
            </List>
          </div>
        ))}
        {checks.sharedEmailsMore ? <Text size="sm">{t("inscriptions:checks.sharedEmailsMore")}</Text> : null}
        <Text size="sm">{t("inscriptions:checks.sharedEmailsHint")}</Text>
      </Stack>
    </Alert>
  );
}
