import { Textarea } from "@mantine/core";
import { REQUIRED_FIELD } from "./required-field.ts";

/** What is wrong with a required reason as typed: nothing, empty, or shorter than `min` once trimmed. */
export function reasonProblem(value: string, min = 1): "required" | "tooShort" | null {
  const trimmed = value.trim();
  if (trimmed === "") return "required";
  return trimmed.length < min ? "tooShort" : null;
}

/**
 * The required reason of a staff decision (a rejected photo; a refused, suspended or cancelled
 * request, told to the family by e-mail; an election cancelled or closed early, kept in the audit log
 * and the minutes): a labelled multi-line field, focused when its dialog opens. The dialog checks it with `reasonProblem` on submit and passes the message as `error`.
 */
export function ReasonField(props: {
  label: string;
  description?: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  error: string | undefined;
}) {
  return (
    <Textarea
      {...REQUIRED_FIELD}
      label={props.label}
      description={props.description}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      maxLength={props.maxLength}
      autosize
      minRows={3}
      maxRows={8}
      error={props.error}
      data-autofocus
    />
  );
}
