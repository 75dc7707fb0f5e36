import { Alert, List, Stack, Table, Text, Title } from "@mantine/core";
import type { ElectionResult } from "@portal/shared/schemas/elections";
import { useTranslation } from "react-i18next";

/** A published count: turnout, votes and seats per list, the elected in list order. */
export function ElectionResultView({ result }: { result: ElectionResult }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <Stack gap="sm">
      <Text size="sm">
        {t("elections:family.turnout", {
          voters: number.format(result.voters),
          registered: number.format(result.registeredVoters),
          turnout: number.format(result.turnout),
        })}
      </Text>
      <Table withTableBorder>
        <Table.Caption>{t("elections:family.resultsCaption", { blank: result.blankVotes })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("elections:family.list")}</Table.Th>
            <Table.Th scope="col">{t("elections:family.votes")}</Table.Th>
            <Table.Th scope="col">{t("elections:family.seats")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.lists.map((list) => (
            <Table.Tr key={list.id}>
              <Table.Th scope="row">{list.name}</Table.Th>
              <Table.Td>{number.format(list.votes)}</Table.Td>
              <Table.Td>{number.format(list.seats)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={3} size="h5">
        {t("elections:family.elected")}
      </Title>
      {result.elected.length === 0 ? <Alert color="gray">{t("elections:pdf.noneElected")}</Alert> : null}
      <List size="sm">
        {result.elected.map((person) => (
          <List.Item key={`${person.listId}-${person.userId}`}>
            {t("elections:pdf.electedLine", {
              position: t(`elections:pdf.${person.position}`),
              name: person.name,
              rank: person.rank,
            })}
            {" · "}
            {result.lists.find((list) => list.id === person.listId)?.name}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
