import { Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { ReminderSent } from "@portal/shared/schemas/reminders";
import { useTranslation } from "react-i18next";
import { formatDay } from "../../lib/dates.ts";

/** The latest reminder e-mails, newest first: the day, the family, what it was reminded of, the delivery. */
export function SentSection({ recent }: { recent: ReminderSent[] }) {
  const { t, i18n } = useTranslation();
  const title = t("settings:reminders.sentTitle");
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="reminders-sent-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="reminders-sent-title">
          {title}
        </Title>
        {recent.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("settings:reminders.none")}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped aria-label={title}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t("settings:reminders.columns.day")}</Table.Th>
                  <Table.Th scope="col">{t("settings:reminders.columns.family")}</Table.Th>
                  <Table.Th scope="col">{t("settings:reminders.columns.causes")}</Table.Th>
                  <Table.Th scope="col">{t("settings:reminders.columns.delivery")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {recent.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{formatDay(row.day, i18n.language)}</Table.Td>
                    <Table.Td>
                      {row.familyName}
                      <Text size="xs" c="dimmed">
                        {row.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {row.causes.map((cause, index) => (
                        <Text size="sm" key={`${cause.cause}-${index}`}>
                          {t(`settings:reminders.causeLabels.${cause.cause}`)}
                          {cause.student || cause.code
                            ? ` · ${[cause.student, cause.code].filter(Boolean).join(" · ")}`
                            : ""}
                        </Text>
                      ))}
                    </Table.Td>
                    <Table.Td>{t(`settings:reminders.delivery.${row.delivery ?? "removed"}`)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
