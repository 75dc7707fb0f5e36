import { Anchor, Stack, Table, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { formatInstant } from "../../lib/dates.ts";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { reachText } from "./message-body.tsx";
import { DeliveryCounts } from "./message-page.tsx";
import { MESSAGE_PATH, useSentMessages } from "./messages-api.ts";

/**
 * /portal/family-messages/sent: the messages sent to families, newest first, with each one's
 * delivery; a message is written from a request list, a report or a campaign's figure (its "Write
 * to these families").
 */
export function SentMessagesPage() {
  const { t, i18n } = useTranslation();
  const messages = useSentMessages();
  let body: ReactNode;
  if (messages.isPending) body = <PageLoader />;
  else if (messages.isError) body = <LoadErrorAlert error={messages.error} onRetry={() => void messages.refetch()} />;
  else if (messages.data.items.length === 0) {
    body = (
      <Text c="dimmed" ta="center" py="xl" role="status">
        {t("messages:sent.empty")}
      </Text>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={760}>
        <Table striped verticalSpacing="xs" aria-label={t(routeTitleKey("familyMessages.sent"))}>
          <Table.Thead>
            <Table.Tr>
              {(["createdAt", "subject", "source", "families", "delivery"] as const).map((column) => (
                <Table.Th key={column} scope="col">
                  {t(`messages:sent.columns.${column}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {messages.data.items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>{formatInstant(item.createdAt, i18n.language)}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`${MESSAGE_PATH}/${item.id}`}>
                    {item.subject}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {item.sentBy}
                  </Text>
                </Table.Td>
                <Table.Td>{t(`messages:source.${item.source}`)}</Table.Td>
                <Table.Td>{reachText(t, item.families, item.addresses)}</Table.Td>
                <Table.Td>
                  <DeliveryCounts delivery={item.delivery} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1} size="h2">
          {t(routeTitleKey("familyMessages.sent"))}
        </Title>
        <Text size="sm">
          {t("messages:sent.intro")}{" "}
          <Anchor component={Link} to="/portal/dashboards/inscriptions/all-request">
            {t("messages:compose.toRequestList")}
          </Anchor>
        </Text>
      </Stack>
      {body}
    </Stack>
  );
}
