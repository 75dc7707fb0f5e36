import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import type { WindowKind } from "@portal/shared/rules/school-year-windows";
import type { CatalogItem } from "@portal/shared/schemas/responses";
import type { EnrollmentWindow, SchoolYearDetail } from "@portal/shared/schemas/school-years";
import { useTranslation } from "react-i18next";
import { formatSchoolDay } from "../../lib/school-day.ts";

export interface YearCardActions {
  onEdit: (year: SchoolYearDetail) => void;
  onEditWindow: (year: SchoolYearDetail, kind: WindowKind) => void;
  onCloseWindow: (year: SchoolYearDetail, kind: WindowKind) => void;
  onMakeCurrent: (year: SchoolYearDetail) => void;
  onDelete: (year: SchoolYearDetail) => void;
}

function WindowRow({
  year,
  kind,
  window,
  actions,
}: {
  year: SchoolYearDetail;
  kind: WindowKind;
  window: EnrollmentWindow;
  actions: YearCardActions;
}) {
  const { t, i18n } = useTranslation();
  const day = (value: string) => formatSchoolDay(value, i18n.language);
  const name = t(`schoolYears:window.${kind}`);
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" role="group" aria-label={name}>
      <Stack gap={2}>
        <Group gap="xs">
          <Text fw={600}>{name}</Text>
          <Badge color={window.open ? "green" : "gray"} variant="light">
            {window.open ? t("schoolYears:window.open") : t("schoolYears:window.closed")}
          </Badge>
        </Group>
        <Text size="sm">
          {window.opensOn && window.closesOn
            ? t("schoolYears:window.dates", { opensOn: day(window.opensOn), closesOn: day(window.closesOn) })
            : t("schoolYears:window.noDates")}
        </Text>
        {window.closedAt ? (
          <Text size="sm" c="orange.8">
            {t("schoolYears:window.closedEarly", { date: day(window.closedAt.slice(0, 10)) })}
          </Text>
        ) : null}
      </Stack>
      <Group gap="xs">
        <Button size="xs" variant="light" onClick={() => actions.onEditWindow(year, kind)}>
          {t("schoolYears:window.edit")}
        </Button>
        {window.open ? (
          <Button size="xs" variant="light" color="orange" onClick={() => actions.onCloseWindow(year, kind)}>
            {t("schoolYears:window.closeNow")}
          </Button>
        ) : null}
      </Group>
    </Group>
  );
}

/** One school year: its days, files, levels, the two windows and what the Admin may do with it. */
export function YearCard({
  year,
  levels,
  actions,
}: {
  year: SchoolYearDetail;
  levels: CatalogItem[];
  actions: YearCardActions;
}) {
  const { t, i18n } = useTranslation();
  const day = (value: string) => formatSchoolDay(value, i18n.language);
  const everyLevel = levels.length > 0 && levels.every((level) => year.levelsOffered.includes(level.code));
  const levelNames = year.levelsOffered.map((code) => levels.find((level) => level.code === code)?.label ?? code);
  const deleteBlocked = year.isCurrent
    ? t("schoolYears:deleteBlocked.current")
    : year.fileCount > 0
      ? t("schoolYears:deleteBlocked.files")
      : null;
  return (
    <Card withBorder padding="lg" component="article" aria-label={year.label}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <Title order={2} size="h3">
              {year.label}
            </Title>
            {year.isCurrent ? <Badge color="blue">{t("schoolYears:card.current")}</Badge> : null}
          </Group>
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => actions.onEdit(year)}>
              {t("schoolYears:actions.edit")}
            </Button>
            {year.isCurrent ? null : (
              <Button size="xs" variant="default" onClick={() => actions.onMakeCurrent(year)}>
                {t("schoolYears:actions.makeCurrent")}
              </Button>
            )}
            <Button
              size="xs"
              variant="default"
              color="red"
              disabled={deleteBlocked !== null}
              title={deleteBlocked ?? undefined}
              onClick={() => actions.onDelete(year)}
            >
              {t("schoolYears:actions.delete")}
            </Button>
          </Group>
        </Group>
        <Text size="sm">
          {t("schoolYears:card.days", { startsOn: day(year.startsOn), endsOn: day(year.endsOn) })}
          {" · "}
          {t("schoolYears:card.files", { count: year.fileCount })}
        </Text>
        {deleteBlocked ? (
          <Text size="xs" c="dimmed">
            {deleteBlocked}
          </Text>
        ) : null}
        <Text size="sm">
          <Text span fw={600}>
            {t("common:labelColon", { label: t("schoolYears:card.levels") })}
          </Text>{" "}
          {everyLevel ? t("schoolYears:card.allLevels") : levelNames.join(", ")}
        </Text>
        <WindowRow year={year} kind="new" window={year.newEnrollment} actions={actions} />
        <WindowRow year={year} kind="reenrollment" window={year.reEnrollment} actions={actions} />
      </Stack>
    </Card>
  );
}
