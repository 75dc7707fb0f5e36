import { Group, Stack, Text, ThemeIcon } from "@mantine/core";
import type { BreachClock } from "@portal/shared/rules/breach-clocks";
import { useTranslation } from "react-i18next";
import { formatSchoolDay } from "../../lib/school-day.ts";

/**
 * A clock's state in words, never by colour alone: the due day, then "N working days left", "due
 * today", "overdue by N working days" (with a warning sign) or "done on…".
 */
export function useClockText() {
  const { t, i18n } = useTranslation();
  return (clock: BreachClock | null): { due: string; state: string; overdue: boolean } => {
    if (!clock) return { due: "", state: t("breaches:clock.notRequired"), overdue: false };
    const due = t("breaches:clock.due", { date: formatSchoolDay(clock.dueOn, i18n.language) });
    if (clock.doneOn)
      return {
        due,
        state: t("breaches:clock.done", { date: formatSchoolDay(clock.doneOn, i18n.language) }),
        overdue: false,
      };
    if (clock.overdue) return { due, state: t("breaches:clock.overdue", { count: -clock.daysLeft }), overdue: true };
    if (clock.daysLeft === 0) return { due, state: t("breaches:clock.dueToday"), overdue: false };
    return { due, state: t("breaches:clock.left", { count: clock.daysLeft }), overdue: false };
  };
}

/** One clock in a table cell or a card: the due day above its state. */
export function ClockState({ clock }: { clock: BreachClock | null }) {
  const text = useClockText()(clock);
  return (
    <Stack gap={0}>
      {text.due ? <Text size="sm">{text.due}</Text> : null}
      <Group gap={4} wrap="nowrap">
        {text.overdue ? (
          <ThemeIcon color="red" size="xs" radius="xl" aria-hidden>
            !
          </ThemeIcon>
        ) : null}
        <Text size="sm" fw={text.overdue ? 700 : 400} c={text.overdue ? "red.9" : undefined}>
          {text.state}
        </Text>
      </Group>
    </Stack>
  );
}
