import { Alert, List, Text } from "@mantine/core";
import { schoolDay, type WindowKind } from "@portal/shared/rules/school-year-windows";
import type { SchoolYear } from "@portal/shared/schemas/responses";
import type { EnrollmentWindow } from "@portal/shared/schemas/school-years";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { formatSchoolDay } from "../../lib/school-day.ts";

/** What the family reads about one window: open until when, or closed and why. */
export function windowStatusText(t: TFunction, language: string, kind: WindowKind, window: EnrollmentWindow): string {
  const day = (value: string) => formatSchoolDay(value, language);
  const name = t(`schoolYears:window.${kind}`);
  if (window.open) {
    return window.closesOn
      ? t("schoolYears:welcome.open", { window: name, closesOn: day(window.closesOn) })
      : t("schoolYears:welcome.openNoDates", { window: name });
  }
  if (window.closedAt || !window.opensOn || !window.closesOn) {
    return t(window.closedAt ? "schoolYears:welcome.closedEarly" : "schoolYears:welcome.noDates", { window: name });
  }
  return schoolDay() < window.opensOn
    ? t("schoolYears:welcome.upcoming", { window: name, opensOn: day(window.opensOn), closesOn: day(window.closesOn) })
    : t("schoolYears:welcome.ended", { window: name, closesOn: day(window.closesOn) });
}

/**
 * The welcome screen's notice of the year's two enrollment windows: the family sees
 * before any click whether it may add a new student or re-enroll one.
 */
export function EnrollmentWindowsAlert({ year }: { year: SchoolYear }) {
  const { t, i18n } = useTranslation();
  const allClosed = !year.newEnrollment.open && !year.reEnrollment.open;
  return (
    <Alert
      color={allClosed ? "orange" : "teal"}
      title={t("schoolYears:welcome.title", { label: year.label })}
      role={allClosed ? "alert" : undefined}
      data-testid="enrollment-windows"
    >
      <List spacing={4} size="sm">
        <List.Item>{windowStatusText(t, i18n.language, "new", year.newEnrollment)}</List.Item>
        <List.Item>{windowStatusText(t, i18n.language, "reenrollment", year.reEnrollment)}</List.Item>
      </List>
      {allClosed ? (
        <Text size="sm" mt="xs">
          {t("schoolYears:welcome.allClosed", { label: year.label })}
        </Text>
      ) : null}
    </Alert>
  );
}
