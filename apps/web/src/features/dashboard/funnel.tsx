import { Box, Group, Stack, Text } from "@mantine/core";
import { type FunnelStage, stageCountsDrafts } from "@portal/shared/dashboard";
import type { Dashboard } from "@portal/shared/schemas/dashboard";
import { useTranslation } from "react-i18next";
import { percentOf } from "./chart-scale.ts";
import { FigureLink, useCountFormat } from "./figures.tsx";

/**
 * In process → sent → accepted → validated → confirmed → finished: one bar per stage, as wide as
 * its share of the first stage. Each count is text; the bars only repeat it for the eye.
 */
export function Funnel({
  funnel,
  hrefFor,
}: {
  funnel: Dashboard["funnel"];
  hrefFor: (stage: FunnelStage) => string | null;
}) {
  const { t } = useTranslation();
  const format = useCountFormat();
  const first = funnel[0]?.count ?? 0;
  return (
    <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: "none" }} data-testid="dashboard-funnel">
      {funnel.map(({ stage, count }) => {
        const percent = percentOf(count, first);
        const label = t(`dashboard:funnel.${stage}`);
        return (
          <Box component="li" key={stage} data-testid={`funnel-${stage}`}>
            <FigureLink href={hrefFor(stage)}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" fw={500}>
                  {label}
                </Text>
                <Text size="sm" fw={700} className="dashboard-figure-value" data-testid="figure-value">
                  {format(count)}
                </Text>
              </Group>
            </FigureLink>
            <Box
              aria-hidden="true"
              h={10}
              mt={4}
              bg="gray.1"
              style={{ borderRadius: "var(--mantine-radius-sm)", overflow: "hidden" }}
            >
              <Box h="100%" w={`${percent}%`} bg="var(--mantine-primary-color-filled)" />
            </Box>
            <Text size="xs" c="dimmed" mt={2}>
              {stageCountsDrafts(stage) ? t("dashboard:funnel.startedHint") : t("dashboard:funnel.share", { percent })}
            </Text>
          </Box>
        );
      })}
    </Stack>
  );
}
