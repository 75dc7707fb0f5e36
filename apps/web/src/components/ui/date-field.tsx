import "dayjs/locale/es";
import "dayjs/locale/fr";
import { DateInput, type DateInputProps, DatesProvider } from "@mantine/dates";
import { type Ref, useState } from "react";
import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { dayFormatOf, parseTypedDay } from "../../lib/dates.ts";

type PassedProps = Omit<DateInputProps, "value" | "defaultValue" | "onChange" | "valueFormat" | "dateParser" | "name">;

export interface DateFieldProps extends PassedProps {
  /** The ISO day (YYYY-MM-DD), or "" when empty: what the forms, the shared schemas and the server hold. */
  value: string | null | undefined;
  onChange: (day: string) => void;
  /** Written as `data-name` on the visible input (Mantine gives `name` to a hidden input). */
  name?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * Every date the portal asks for: a text field read and shown as DD/MM/YYYY in the
 * portal's language (lib/dates.ts), with a calendar in that language (weeks from Monday in es/fr)
 * under it. Typing is the keyboard's way in (the calendar's days are not focusable): the calendar
 * opens on a click or tap and closes on a day, on typing a whole day, on leaving the field and on
 * Escape, which then does not close a dialog around. The label, `required`, the error and its
 * `aria-invalid` / `aria-describedby` are Mantine's input wrapper's, as for every other field. Loaded
 * only by the lazy screens that ask for a date, with @mantine/dates' CSS (not on /login).
 */
export function DateField({
  value,
  onChange,
  name,
  popoverProps,
  onClick,
  onBlur,
  onKeyDown,
  ref,
  ...props
}: DateFieldProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [calendarOpen, setCalendarOpen] = useState(false);
  return (
    <DatesProvider settings={{ locale: language, firstDayOfWeek: language === "en" ? 0 : 1 }}>
      <DateInput
        {...props}
        ref={ref}
        data-name={name}
        value={value || null}
        onChange={(day) => {
          // A day picked or typed whole: the calendar has done its part and must not cover what follows.
          setCalendarOpen(false);
          onChange(day ?? "");
        }}
        onClick={(event) => {
          setCalendarOpen(true);
          onClick?.(event);
        }}
        onBlur={(event) => {
          setCalendarOpen(false);
          onBlur?.(event);
        }}
        onKeyDown={(event) => {
          if (event.key === "Escape") setCalendarOpen(false);
          onKeyDown?.(event);
        }}
        valueFormat={dayFormatOf(language)}
        dateParser={(text) => parseTypedDay(text, language)}
        placeholder={props.placeholder ?? t("common:dateField.placeholder")}
        // Emptying the text empties the value (Mantine keeps the last day otherwise).
        allowDeselect
        // While the calendar is open, Escape is the field's: Mantine's modals skip an Escape from a
        // target marked so, and a FormDialog around stays open.
        data-mantine-stop-propagation={calendarOpen || undefined}
        // Opened by a click or a tap only, not on focus nor while typing (Mantine's default): a
        // keyboard user types the day and tabs on without a calendar over the next fields.
        popoverProps={{ ...popoverProps, opened: calendarOpen }}
      />
    </DatesProvider>
  );
}

/** A DateField bound to a react-hook-form field (its value an ISO day, its ref focused on error). */
export function FormDateField<T extends FieldValues>({
  control,
  name,
  ...props
}: Omit<DateFieldProps, "value" | "onChange" | "name"> & { control: Control<T>; name: FieldPath<T> }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DateField
          {...props}
          name={field.name}
          ref={field.ref}
          value={field.value as string | null | undefined}
          onChange={field.onChange}
          onBlur={field.onBlur}
          disabled={props.disabled ?? field.disabled}
        />
      )}
    />
  );
}
