import { Anchor, Box, Group, Stack, Text, VisuallyHidden } from "@mantine/core";
import type { DashboardChange } from "@portal/shared/schemas/dashboard";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { StatusBadge } from "../../components/ui/status-badge.tsx";
import { formatInstant } from "../../lib/dates.ts";

/** The latest status changes, newest first: student (to the request detail), from → to, who, when. */
export function LatestChanges({
  changes,
  detailHref,
}: {
  changes: DashboardChange[];
  /** The request detail; null when the role may not open it (Editor). */
  detailHref: (requestId: number) => string | null;
}) {
  const { t, i18n } = useTranslation();
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("dashboard:latest.empty")}
      </Text>
    );
  }
  return (
    <Stack component="ol" gap={0} m={0} p={0} style={{ listStyle: "none" }} data-testid="dashboard-latest">
      {changes.map((change, index) => {
        const href = detailHref(change.requestId);
        return (
          <Box
            component="li"
            key={change.id}
            py="xs"
            style={index > 0 ? { borderTop: "1px solid var(--mantine-color-gray-2)" } : undefined}
          >
            <Group justify="space-between" gap="xs" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                {href ? (
                  <Anchor component={Link} to={href} fw={600} size="sm">
                    {change.studentName}
                  </Anchor>
                ) : (
                  <Text fw={600} size="sm">
                    {change.studentName}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {t("dashboard:latest.meta", {
                    code: change.code,
                    action: t(`common:workflowAction.${change.action}`),
                    who: change.by?.name ?? "—",
                  })}
                </Text>
              </Stack>
              <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                {formatInstant(change.at, i18n.language)}
              </Text>
            </Group>
            <Group gap={6} mt={4} aria-label={t("dashboard:latest.change")} role="group">
              {change.from ? (
                <>
                  <StatusBadge status={change.from} size="sm" />
                  <Text span size="sm" aria-hidden="true">
                    →
                  </Text>
                  <VisuallyHidden>{t("dashboard:latest.to")}</VisuallyHidden>
                </>
              ) : null}
              <StatusBadge status={change.to} size="sm" />
            </Group>
          </Box>
        );
      })}
    </Stack>
  );
}
