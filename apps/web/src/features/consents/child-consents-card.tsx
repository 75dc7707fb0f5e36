import { Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { CONSENT_KINDS, type ConsentKind } from "@portal/shared/consents";
import type { ChildConsents, ConsentState } from "@portal/shared/schemas/consents";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatInstant } from "../../lib/dates.ts";

const STATE_COLOR: Record<ConsentState["state"], string> = {
  given: "green",
  withdrawn: "orange",
  refused: "gray",
  none: "gray",
};

/** One child: each consent, where it stands, and its withdrawal while it is given. */
export function ChildConsentsCard({
  child,
  pending,
  onWithdraw,
}: {
  child: ChildConsents;
  pending: boolean;
  onWithdraw: (consent: ConsentKind) => void;
}) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const stateText = (state: ConsentState) =>
    t(`account:consents.state.${state.state}`, {
      date: formatInstant(state.at, i18n.language),
      version: state.version ?? "",
    });
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h3" id={headingId}>
          {child.studentName}
        </Title>
        {CONSENT_KINDS.map((kind) => {
          const state = child[kind];
          return (
            <Stack key={kind} gap={6}>
              <Group gap="sm" wrap="wrap">
                <Text fw={600}>{t(`account:consents.${kind}.title`)}</Text>
                <Badge color={STATE_COLOR[state.state]} variant="light" tt="none">
                  {stateText(state)}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {t(`account:consents.${kind}.what`)}
              </Text>
              {state.state === "given" ? (
                <Group>
                  <Button variant="light" color="red" loading={pending} onClick={() => onWithdraw(kind)}>
                    {t(`account:consents.${kind}.withdraw`)}
                  </Button>
                </Group>
              ) : null}
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
