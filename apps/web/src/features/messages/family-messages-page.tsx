import { Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { formatInstant } from "../../lib/dates.ts";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { MessageBody } from "./message-body.tsx";
import { useFamilyMessages } from "./messages-api.ts";

/**
 * /portal/mensajes: the messages the school sent to the family, newest first, in the reader's
 * language (docs/rules/messages.md "Delivery").
 */
export function FamilyMessagesPage() {
  const { t, i18n } = useTranslation();
  const messages = useFamilyMessages();
  let body: ReactNode;
  if (messages.isPending) body = <PageLoader />;
  else if (messages.isError) body = <LoadErrorAlert error={messages.error} onRetry={() => void messages.refetch()} />;
  else if (messages.data.items.length === 0) {
    body = (
      <Text c="dimmed" ta="center" py="xl" role="status">
        {t("messages:family.empty")}
      </Text>
    );
  } else {
    body = (
      <Stack gap="md" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {messages.data.items.map((message) => (
          <Paper key={message.id} withBorder p="lg" component="li" aria-labelledby={`message-${message.id}`}>
            <Stack gap="sm">
              <Title order={2} size="h4" id={`message-${message.id}`}>
                {message.subject}
              </Title>
              <Text size="sm" c="dimmed">
                {t("messages:family.sentAt", { date: formatInstant(message.sentAt, i18n.language) })}
              </Text>
              <MessageBody body={message.body} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1} size="h2">
          {t(routeTitleKey("messages"))}
        </Title>
        <Text size="sm">{t("messages:family.intro")}</Text>
      </Stack>
      {body}
    </Stack>
  );
}
