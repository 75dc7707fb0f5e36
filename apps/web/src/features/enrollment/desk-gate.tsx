import { Alert, Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { isFamilyRole } from "@portal/shared/roles";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useDeskFamilyMode } from "../../lib/desk-mode.ts";
import { fullPathOf } from "../../lib/match-route.ts";
import { useSession } from "../../lib/session-query.ts";

/**
 * The wizard for a staff member at the desk (docs/rules/staff-workflow.md "Walk-in families"): a
 * banner naming the family it is filled in for, with the way back to its page. A staff member who
 * opens the wizard without choosing a family first is sent to the desk. Families see the wizard as ever.
 */
export function DeskGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const desk = useDeskFamilyMode(user?.id);
  if (!user || isFamilyRole(user.role)) return <>{children}</>;
  if (!desk) {
    return (
      <Alert color="yellow" title={t("desk:gate.noFamilyTitle")}>
        <Text size="sm">{t("desk:gate.noFamily")}</Text>
        <Anchor component={Link} to={fullPathOf("desk.newFamily")} size="sm">
          {t("desk:gate.toDesk")}
        </Anchor>
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <Alert color="grape" role="status" aria-live="polite">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700}>{t("desk:gate.fillingFor", { family: desk.name || "…" })}</Text>
          <Button
            component={Link}
            to={fullPathOf("desk.family").replace(":id", String(desk.id))}
            size="xs"
            variant="white"
          >
            {t("desk:gate.backToFamily")}
          </Button>
        </Group>
      </Alert>
      {children}
    </Stack>
  );
}
