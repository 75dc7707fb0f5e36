import { Group, Radio } from "@mantine/core";
import type { ReactNode } from "react";
import { Controller, type FieldPath, type FieldValues, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useValidationText } from "../../lib/use-validation-text.ts";

/**
 * A yes/no question as two radios holding "yes" / "no" ("" while unanswered), for the steps whose
 * schema takes a boolean (see `yesNoText` / `yesNoValue`). Mantine's asterisk is aria-hidden, so
 * the group's accessible name stays the question.
 */
export function YesNoRadio<V extends FieldValues>({
  form,
  name,
  label,
  description,
  required = false,
  onAnswer,
}: {
  form: UseFormReturn<V>;
  name: FieldPath<V>;
  label: string;
  description?: ReactNode;
  required?: boolean;
  /** Called after the answer changes (e.g. to clear the fields a "no" hides). */
  onAnswer?: (answer: string) => void;
}) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <Radio.Group
          label={label}
          description={description}
          withAsterisk={required}
          value={typeof field.value === "string" ? field.value : ""}
          onChange={(value) => {
            field.onChange(value);
            onAnswer?.(value);
          }}
          name={field.name}
          error={errorText(fieldState.error?.message)}
        >
          <Group mt="xs">
            <Radio ref={field.ref} value="yes" label={t("common:actions.yes")} onBlur={field.onBlur} />
            <Radio value="no" label={t("common:actions.no")} onBlur={field.onBlur} />
          </Group>
        </Radio.Group>
      )}
    />
  );
}
