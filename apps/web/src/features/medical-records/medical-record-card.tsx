import { Badge, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { ALLERGY_GROUPS, hasAllergies, type MedicalRecordRow } from "@portal/shared/schemas/medical-records";
import { useTranslation } from "react-i18next";
import { StatusBadge } from "../../components/ui/status-badge.tsx";

function Badges({ row }: { row: MedicalRecordRow }) {
  const { t } = useTranslation();
  if (!row.hasRecord) {
    return (
      <Badge color="gray" variant="light">
        {t("medicalRecords:badges.noRecord")}
      </Badge>
    );
  }
  const allergic = hasAllergies(row);
  return (
    <>
      <Badge color={allergic ? "orange" : "green"} variant={allergic ? "filled" : "light"}>
        {t(allergic ? "medicalRecords:badges.hasAllergies" : "medicalRecords:badges.noAllergies")}
      </Badge>
      {row.emergencyMeasuresAuthorized === false ? (
        <Badge color="red" variant="filled" data-testid="emergency-not-authorized">
          {t("medicalRecords:badges.emergencyNotAuthorized")}
        </Badge>
      ) : (
        <Badge color={row.emergencyMeasuresAuthorized ? "teal" : "gray"} variant="light">
          {t(
            row.emergencyMeasuresAuthorized
              ? "medicalRecords:badges.emergencyAuthorized"
              : "medicalRecords:badges.emergencyUnknown",
          )}
        </Badge>
      )}
    </>
  );
}

/** One student's health data: badges at a glance, the four allergy groups, then the other answers. */
export function MedicalRecordCard({ row }: { row: MedicalRecordRow }) {
  const { t } = useTranslation();
  const headingId = `medical-${row.requestId}`;
  const answer = (value: { yes: boolean; text: string }) =>
    value.yes
      ? value.text
        ? t("medicalRecords:yesWith", { text: value.text })
        : t("medicalRecords:yes")
      : t("medicalRecords:no");
  const details: [string, string][] = [
    [t("medicalRecords:fields.bloodType"), row.bloodType || t("medicalRecords:notGiven")],
    [t("medicalRecords:fields.medication"), answer(row.medication)],
    [t("medicalRecords:fields.disease"), answer(row.disease)],
    [t("medicalRecords:fields.disability"), answer(row.disability)],
    [t("medicalRecords:fields.sportsExemption"), answer(row.sportsExemption)],
    [t("medicalRecords:fields.treatment"), row.treatmentReceived || t("medicalRecords:none")],
  ];
  return (
    <Paper component="article" withBorder p="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} size="h4" id={headingId}>
              {row.studentName}
            </Title>
            <Text size="sm" c="dimmed">
              {t("medicalRecords:requestCode", { code: row.code })}
            </Text>
          </Stack>
          <Group gap="xs">
            <StatusBadge status={row.requestStatus} />
            <Badges row={row} />
          </Group>
        </Group>
        {row.hasRecord ? (
          <section aria-label={t("medicalRecords:fields.allergies")}>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
              {ALLERGY_GROUPS.map((group) => {
                const entries = row.allergies[group];
                return (
                  <Stack key={group} gap={4} role="group" aria-label={t(`medicalRecords:groups.${group}`)}>
                    <Text fw={700} size="sm" c={entries.length > 0 ? "orange.8" : undefined}>
                      {t(`medicalRecords:groups.${group}`)}
                    </Text>
                    {entries.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        {t("medicalRecords:none")}
                      </Text>
                    ) : (
                      <List size="sm" spacing={2}>
                        {entries.map((entry, index) => (
                          <List.Item key={`${entry.item}-${index}`}>
                            {t("medicalRecords:allergyEntry", { item: entry.item, reaction: entry.reaction })}
                          </List.Item>
                        ))}
                      </List>
                    )}
                  </Stack>
                );
              })}
            </SimpleGrid>
          </section>
        ) : null}
        <Table variant="vertical" layout="fixed" withTableBorder={false} fz="sm">
          <Table.Tbody>
            {(row.hasRecord ? details : details.slice(0, 1)).map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w="30%">{label}</Table.Th>
                <Table.Td style={{ whiteSpace: "pre-line" }}>{value}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th w="30%">{t("medicalRecords:fields.emergencyContacts")}</Table.Th>
              <Table.Td>
                {row.emergencyContacts.length === 0
                  ? t("medicalRecords:notGiven")
                  : row.emergencyContacts.map((contact) => (
                      <Text key={`${contact.name}-${contact.phone}`} size="sm">
                        {t("medicalRecords:contact", contact)}
                      </Text>
                    ))}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
