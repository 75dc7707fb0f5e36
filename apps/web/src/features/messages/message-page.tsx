import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { LANGUAGE_CODES } from "@portal/shared/languages";
import type { MessageDetail, RecipientStatus } from "@portal/shared/schemas/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { formatInstant } from "../../lib/dates.ts";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { notifySuccess } from "../../lib/toasts.ts";
import { MessageBody, reachText } from "./message-body.tsx";
import { languageName } from "./message-texts-fields.tsx";
import { messageKey, resumeMessage, SENT_MESSAGES_KEY, useMessage } from "./messages-api.ts";

const STATUS_COLORS: Record<RecipientStatus, string> = {
  pending: "yellow",
  sent: "green",
  failed: "red",
  removed: "gray",
};

export function DeliveryCounts({ delivery }: { delivery: MessageDetail["delivery"] }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      {(["sent", "pending", "failed"] as const).map((status) => (
        <Badge key={status} color={STATUS_COLORS[status]} variant="light">
          {t("messages:deliveryCount", { status: t(`messages:status.${status}`), count: delivery[status] })}
        </Badge>
      ))}
    </Group>
  );
}

function Recipients({ message }: { message: MessageDetail }) {
  const { t, i18n } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table striped verticalSpacing="xs">
        <Table.Caption>{t("messages:message.recipients")}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {(["family", "email", "language", "status"] as const).map((column) => (
              <Table.Th key={column} scope="col">
                {t(`messages:message.columns.${column}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {message.recipients.map((recipient) => (
            <Table.Tr key={`${recipient.familyId}-${recipient.email}`}>
              <Table.Td>{recipient.familyName}</Table.Td>
              <Table.Td>{recipient.email}</Table.Td>
              <Table.Td>{languageName(recipient.language)}</Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLORS[recipient.status]} variant="light">
                  {t(`messages:status.${recipient.status}`)}
                </Badge>
                {recipient.sentAt ? (
                  <Text size="xs" c="dimmed">
                    {formatInstant(recipient.sentAt, i18n.language)}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * /portal/family-messages/message/:id: a sent message, its words per language, and each address's
 * delivery read from the outbox (docs/rules/messages.md "Delivery"); a send stopped half-way is
 * resumed from here.
 */
export function MessagePage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const message = useMessage(id);
  const resume = useMutation({
    mutationFn: () => resumeMessage(id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: messageKey(id) });
      void queryClient.invalidateQueries({ queryKey: SENT_MESSAGES_KEY });
      notifySuccess(t("messages:message.resumed"));
    },
  });
  if (!message.data) {
    return (
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t(routeTitleKey("familyMessages.message"))}
        </Title>
        {message.isError ? (
          <LoadErrorAlert error={message.error} onRetry={() => void message.refetch()} />
        ) : (
          <PageLoader />
        )}
      </Stack>
    );
  }
  const data = message.data;
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1} size="h2">
          {data.subject}
        </Title>
        <Text size="sm">
          {t("messages:message.sentBy", { name: data.sentBy, date: formatInstant(data.createdAt, i18n.language) })}
        </Text>
        <Text size="sm">
          {t(`messages:source.${data.source}`)} · {reachText(t, data.families, data.addresses)}
        </Text>
        <DeliveryCounts delivery={data.delivery} />
      </Stack>
      {data.state === "queuing" ? (
        <Alert color="yellow" title={t("messages:message.stoppedTitle")}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t("messages:message.stopped")}</Text>
            <FormErrorAlert error={resume.error} />
            <Button onClick={() => resume.mutate()} loading={resume.isPending}>
              {t("messages:message.resume")}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {data.delivery.pending > 0 && data.state === "queued" ? (
        <Text size="sm" c="dimmed">
          {t("messages:message.waiting")}
        </Text>
      ) : null}
      {LANGUAGE_CODES.filter((code) => data.texts[code]).map((code) => (
        <Paper key={code} withBorder p="md" component="section" aria-label={languageName(code)}>
          <Text size="xs" c="dimmed">
            {languageName(code)}
          </Text>
          <Text fw={700} lang={code}>
            {data.texts[code]!.subject}
          </Text>
          <MessageBody body={data.texts[code]!.body} lang={code} />
        </Paper>
      ))}
      <Recipients message={data} />
    </Stack>
  );
}
