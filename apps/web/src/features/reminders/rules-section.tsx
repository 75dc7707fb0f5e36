import { Button, Fieldset, Group, NumberInput, Paper, SimpleGrid, Stack, Switch, Text, Title } from "@mantine/core";
import {
  REMINDER_CAUSES,
  REMINDER_LIMITS,
  type ReminderCause,
  type ReminderSettingsPage,
  reminderSettingsInputSchema,
} from "@portal/shared/schemas/reminders";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConflictAlert } from "../../components/ui/conflict-alert.tsx";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { useValidationText } from "../../lib/use-validation-text.ts";
import { useVersionedSave } from "../../lib/use-versioned-save.ts";
import { REMINDERS_KEY, saveReminderSettings } from "./reminders-api.ts";

const TIMES = ["afterDays", "repeatDays", "maxTimes"] as const;
type Rules = ReminderSettingsPage["rules"];
/** What the Admin typed: a number input is "" while empty. */
type Values = Record<ReminderCause, { enabled: boolean } & Record<(typeof TIMES)[number], number | string>>;

/**
 * Each cause's switch and times, saved together at the version read (409: reloaded, said so).
 * Checked with the server's own schema first; the server's field errors land under their field.
 */
export function RulesSection({ page }: { page: ReminderSettingsPage }) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const [values, setValues] = useState<Values>(page.rules);
  const { mutation, errors, setErrors, formError, conflict } = useVersionedSave({
    save: saveReminderSettings,
    queryKey: REMINDERS_KEY,
    conflictCode: "SETTINGS_VERSION_CONFLICT",
  });

  useEffect(() => setValues(page.rules), [page.rules]);

  const submit = () => {
    const rules = Object.fromEntries(
      REMINDER_CAUSES.map((cause) => [
        cause,
        {
          enabled: values[cause].enabled,
          ...Object.fromEntries(
            TIMES.map((time) => [time, typeof values[cause][time] === "number" ? values[cause][time] : Number.NaN]),
          ),
        },
      ]),
    ) as Rules;
    const parsed = reminderSettingsInputSchema.safeParse({ ...rules, version: page.version });
    if (!parsed.success) {
      // An empty field reads as "not a number": it gets its range's message like any other wrong value.
      const field = (path: PropertyKey[]) => path.map(String).join(".");
      const message = (path: PropertyKey[], fallback: string) =>
        TIMES.includes(path[1] as (typeof TIMES)[number]) ? `validation.reminder.${String(path[1])}` : fallback;
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [field(issue.path), message(issue.path, issue.message)])),
      );
      return;
    }
    mutation.mutate(parsed.data);
  };

  const set = (cause: ReminderCause, change: Partial<Values[ReminderCause]>) =>
    setValues((current) => ({ ...current, [cause]: { ...current[cause], ...change } }));

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="reminders-rules-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="reminders-rules-title">
          {t("settings:reminders.rulesTitle")}
        </Title>
        {conflict ? <ConflictAlert message={t("settings:reminders.conflict")} /> : null}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            {REMINDER_CAUSES.map((cause) => (
              <Fieldset key={cause} legend={t(`settings:reminders.causes.${cause}.title`)}>
                <Stack gap="sm">
                  <Text size="sm" c="dimmed">
                    {t(`settings:reminders.causes.${cause}.hint`)}
                  </Text>
                  <Switch
                    label={t("settings:reminders.enabled")}
                    checked={values[cause].enabled}
                    onChange={(event) => set(cause, { enabled: event.currentTarget.checked })}
                  />
                  <SimpleGrid cols={{ base: 1, sm: 3 }}>
                    {TIMES.map((time) => (
                      <NumberInput
                        key={time}
                        label={t(`settings:reminders.${time}`)}
                        min={REMINDER_LIMITS[time].min}
                        max={REMINDER_LIMITS[time].max}
                        // A value out of range is said under the field, not silently changed on blur.
                        clampBehavior="none"
                        allowDecimal={false}
                        allowNegative={false}
                        value={values[cause][time]}
                        onChange={(value) => set(cause, { [time]: value })}
                        error={errorText(errors[`${cause}.${time}`])}
                      />
                    ))}
                  </SimpleGrid>
                </Stack>
              </Fieldset>
            ))}
            {formError ? <FormErrorAlert error={formError} /> : null}
            <Group justify="flex-end">
              <Button type="submit" loading={mutation.isPending}>
                {t("settings:reminders.save")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
