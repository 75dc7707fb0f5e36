import { List, Stack, Table, Text, Title } from "@mantine/core";
import { type ElectionResult, TIE_TEXT } from "@portal/shared/schemas/elections";
import { useTranslation } from "react-i18next";

/**
 * The count as the Admin reads it before and after publication: the figures the minutes carry,
 * and per list the seats by quota and by remainder, and how ties were broken (with the lot's seed).
 */
export function ResultFigures({ result }: { result: ElectionResult }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const figures: [string, number][] = [
    ["registered", result.registeredVoters],
    ["voters", result.voters],
    ["turnout", result.turnout],
    ["valid", result.validVotes],
    ["blank", result.blankVotes],
    ["seats", result.seats],
    ["unfilled", result.unfilledSeats],
  ];
  const listName = (id: number) => result.lists.find((list) => list.id === id)?.name ?? "";
  return (
    <Stack gap="sm">
      <Table withTableBorder maw={520}>
        <Table.Caption>{t("elections:pdf.figures")}</Table.Caption>
        <Table.Tbody>
          {figures.map(([key, value]) => (
            <Table.Tr key={key}>
              <Table.Th scope="row">{t(`elections:pdf.${key}`)}</Table.Th>
              <Table.Td>{key === "turnout" ? `${number.format(value)} %` : number.format(value)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {result.testBallots > 0 ? (
        <Text size="sm">{t("elections:pdf.testBallots", { count: result.testBallots })}</Text>
      ) : null}
      <Table.ScrollContainer minWidth={560}>
        <Table withTableBorder>
          <Table.Caption>{t("elections:pdf.lists")}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("elections:family.list")}</Table.Th>
              <Table.Th scope="col">{t("elections:family.votes")}</Table.Th>
              <Table.Th scope="col">{t("elections:admin.result.byQuotient")}</Table.Th>
              <Table.Th scope="col">{t("elections:admin.result.byRemainder")}</Table.Th>
              <Table.Th scope="col">{t("elections:family.seats")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.lists.map((list) => (
              <Table.Tr key={list.id}>
                <Table.Th scope="row">{list.name}</Table.Th>
                <Table.Td>{number.format(list.votes)}</Table.Td>
                <Table.Td>{number.format(list.byQuotient)}</Table.Td>
                <Table.Td>{number.format(list.byRemainder)}</Table.Td>
                <Table.Td>{number.format(list.seats)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {result.tieBreaks.length > 0 ? (
        <>
          <Title order={3} size="h5">
            {t("elections:pdf.ties")}
          </Title>
          <List size="sm">
            {result.tieBreaks.map((tie) => (
              <List.Item key={tie.lists.join("-")}>
                {t(`elections:pdf.${TIE_TEXT[tie.rule]}`, {
                  lists: tie.lists.map(listName).join(", "),
                  winners: tie.winners.map(listName).join(", "),
                  seed: result.lotSeed,
                })}
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Stack>
  );
}
