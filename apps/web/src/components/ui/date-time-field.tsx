import { Fieldset, Group, TextInput } from "@mantine/core";
import type { Ref } from "react";
import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { joinDayAndTime, splitDayAndTime } from "../../lib/date-time.ts";
import { DateField } from "./date-field.tsx";
import { REQUIRED_FIELD } from "./required-field.ts";

export interface DateTimeFieldProps {
  /** What the moment is ("Poll opens"): the group's legend. */
  legend: string;
  /** `YYYY-MM-DDTHH:MM` (seconds allowed), or what was typed so far. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  required?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A day and a time of day (dates in the portal's language, not the browser's): the
 * day with the portal's date field (DD/MM/YYYY in es/fr, its calendar in the language), the time
 * typed as HH:MM on a 24-hour clock, under one legend that names the moment. `datetime-local`
 * would show the browser's format instead (05/20/2026, 08:00 PM on a French screen). The error
 * shows under the day, and both parts are marked invalid.
 */
export function DateTimeField({ legend, value, onChange, onBlur, error, required, ref }: DateTimeFieldProps) {
  const { t } = useTranslation();
  const { day, time } = splitDayAndTime(value);
  const requiredProps = required ? REQUIRED_FIELD : {};
  return (
    <Fieldset legend={legend} variant="unstyled">
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <DateField
          {...requiredProps}
          ref={ref}
          label={t("common:dateTimeField.day")}
          value={day}
          onChange={(next) => onChange(joinDayAndTime(next, time))}
          onBlur={onBlur}
          error={error}
          style={{ flex: 3 }}
        />
        <TextInput
          {...requiredProps}
          label={t("common:dateTimeField.time")}
          placeholder={t("common:dateTimeField.timePlaceholder")}
          inputMode="numeric"
          autoComplete="off"
          value={time}
          onChange={(event) => onChange(joinDayAndTime(day, event.currentTarget.value))}
          onBlur={onBlur}
          error={Boolean(error)}
          style={{ flex: 2 }}
        />
      </Group>
    </Fieldset>
  );
}

/** A DateTimeField bound to a react-hook-form field (its ref, the day, focused on error). */
export function FormDateTimeField<T extends FieldValues>({
  control,
  name,
  ...props
}: Omit<DateTimeFieldProps, "value" | "onChange" | "onBlur"> & { control: Control<T>; name: FieldPath<T> }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DateTimeField
          {...props}
          ref={field.ref}
          value={(field.value as string | undefined) ?? ""}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}
