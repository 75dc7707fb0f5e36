import { Box, Table, Text } from "@mantine/core";
import type { LevelCode } from "@portal/shared/rules/levels";
import type { DashboardLevel } from "@portal/shared/schemas/dashboard";
import type { RequestKind } from "@portal/shared/schemas/requests";
import { useTranslation } from "react-i18next";
import { percentOf } from "./chart-scale.ts";
import { FigureLink, useCountFormat } from "./figures.tsx";

/** Requests per level in the school's order: total, new, re-enrollment, each leading to its list. */
export function LevelTable({
  levels,
  levelLabel,
  hrefFor,
}: {
  levels: DashboardLevel[];
  levelLabel: (code: LevelCode) => string;
  /** The list of a level (and kind); null: no link (no level, or the role may not open lists). */
  hrefFor: (level: LevelCode | null, kind?: RequestKind) => string | null;
}) {
  const { t } = useTranslation();
  const format = useCountFormat();
  const busiest = Math.max(0, ...levels.map((level) => level.total));
  const cell = (value: number, href: string | null, label: string) => (
    <Table.Td ta="end">
      <FigureLink href={href} label={label}>
        <Text
          span
          size="sm"
          className="dashboard-figure-value"
          fw={value > 0 ? 600 : 400}
          c={value > 0 ? undefined : "dimmed"}
        >
          {format(value)}
        </Text>
      </FigureLink>
    </Table.Td>
  );
  return (
    // 300 px: the four columns fit a 390 px phone (the level names wrap) instead of scrolling
    // sideways with the re-enrollment column cut off; the bar column is tablet-up.
    <Table.ScrollContainer minWidth={300}>
      <Table verticalSpacing={4} horizontalSpacing="xs" data-testid="dashboard-levels">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("dashboard:levels.level")}</Table.Th>
            <Table.Th ta="end">{t("dashboard:levels.total")}</Table.Th>
            <Table.Th ta="end">{t("dashboard:levels.new")}</Table.Th>
            <Table.Th ta="end">{t("dashboard:levels.reenrollment")}</Table.Th>
            <Table.Td w="30%" aria-hidden="true" visibleFrom="sm" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {levels.map((level) => {
            const name = level.levelCode ? levelLabel(level.levelCode) : t("dashboard:levels.none");
            return (
              <Table.Tr key={level.levelCode ?? "none"} data-testid={`level-${level.levelCode ?? "none"}`}>
                <Table.Th scope="row" fw={500}>
                  {name}
                </Table.Th>
                {cell(
                  level.total,
                  hrefFor(level.levelCode),
                  t("dashboard:levels.totalOf", { level: name, count: format(level.total) }),
                )}
                {cell(
                  level.new,
                  hrefFor(level.levelCode, "new"),
                  t("dashboard:levels.newOf", { level: name, count: format(level.new) }),
                )}
                {cell(
                  level.reenrollment,
                  hrefFor(level.levelCode, "reenrollment"),
                  t("dashboard:levels.reenrollmentOf", { level: name, count: format(level.reenrollment) }),
                )}
                <Table.Td visibleFrom="sm">
                  <Box
                    aria-hidden="true"
                    h={8}
                    w={`${percentOf(level.total, busiest)}%`}
                    bg="var(--mantine-primary-color-filled)"
                    style={{ borderRadius: 4 }}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
