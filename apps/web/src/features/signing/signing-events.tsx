import { Button, Collapse, List, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { formatInstant } from "../../lib/dates.ts";
import { useSigningEvents } from "./staff-signing-api.ts";

/**
 * A document's evidence (signing_events), behind a button: what happened when, for whom, from
 * which address and browser. Read only when opened; the same events close the final PDF.
 */
export function SigningEvents({
  requestId,
  documentId,
  title,
}: {
  requestId: number;
  documentId: number;
  title: string;
}) {
  const { t, i18n } = useTranslation();
  const [opened, setOpened] = useState(false);
  const events = useSigningEvents(requestId, documentId, opened);
  const listId = `signing-events-${documentId}`;
  return (
    <Stack gap="xs">
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={() => setOpened((value) => !value)}
        aria-expanded={opened}
        aria-controls={listId}
        style={{ alignSelf: "flex-start" }}
      >
        {opened ? t("signing:events.hide", { title }) : t("signing:events.show", { title })}
      </Button>
      <Collapse in={opened} id={listId}>
        {events.isError ? (
          <LoadErrorAlert error={events.error} onRetry={() => void events.refetch()} />
        ) : !events.data ? (
          opened ? (
            <Text size="sm">{t("common:loading")}</Text>
          ) : null
        ) : events.data.events.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("signing:events.none")}
          </Text>
        ) : (
          <List size="sm" spacing={6} data-testid="signing-events" aria-label={t("signing:events.label", { title })}>
            {events.data.events.map((event, index) => (
              <List.Item key={`${event.at}-${index}`} style={{ overflowWrap: "anywhere" }}>
                <Text size="sm" fw={600} span>
                  {t("common:labelColon", { label: formatInstant(event.at, i18n.language) })}
                </Text>{" "}
                <Text size="sm" span>
                  {t(`signing:event.${event.kind}`)}
                </Text>
                <Text size="xs" c="dimmed">
                  {[
                    event.signerRole ? t(`signing:role.${event.signerRole}`) : null,
                    event.byUser,
                    event.ip ? t("signing:events.ip", { ip: event.ip }) : null,
                    event.userAgent,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </Collapse>
    </Stack>
  );
}
