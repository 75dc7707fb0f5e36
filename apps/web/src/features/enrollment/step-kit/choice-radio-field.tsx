import { Radio, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { type FieldPath, type FieldValues, type UseFormReturn, useController } from "react-hook-form";
import { useValidationText } from "../../../lib/use-validation-text.ts";

/**
 * A question answered by choosing one of several options (Mantine Radio.Group bound to a form
 * field holding the chosen value as text, "" while unanswered); yes/no questions use YesNoRadio
 * (../yes-no-radio.tsx). Radio.Group's label is not a <label>, so the
 * required mark is Mantine's own asterisk (hidden from screen readers, like REQUIRED_FIELD's): the
 * group's accessible name stays exactly the label's words.
 */
export function ChoiceRadioField<V extends FieldValues>({
  form,
  name,
  label,
  description,
  options,
  required = true,
}: {
  form: UseFormReturn<V>;
  name: FieldPath<V>;
  label: ReactNode;
  description?: ReactNode;
  options: { value: string; label: ReactNode }[];
  required?: boolean;
}) {
  const errorText = useValidationText();
  const { field, fieldState } = useController({ control: form.control, name });
  const radios = options.map((option, index) => (
    <Radio
      key={option.value}
      // The first radio takes the focus when the form points at this field's error.
      ref={index === 0 ? field.ref : undefined}
      value={option.value}
      label={option.label}
      required={required}
      onBlur={field.onBlur}
    />
  ));
  return (
    <Radio.Group
      name={field.name}
      label={label}
      description={description}
      withAsterisk={required}
      value={typeof field.value === "string" ? field.value : ""}
      onChange={field.onChange}
      error={errorText(fieldState.error?.message)}
    >
      <Stack gap="xs" mt="xs">
        {radios}
      </Stack>
    </Radio.Group>
  );
}
