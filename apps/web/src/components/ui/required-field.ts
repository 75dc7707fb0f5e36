/**
 * Props for a required Mantine input. The input gets the native `required` (screen readers say
 * "required"; forms use noValidate, so the browser does not block submission itself), and the red
 * asterisk comes from CSS (forms.css) instead of Mantine's text span. The label's text stays
 * exactly its words, so "Password" and "Confirm password" can be told apart by label.
 */
export const REQUIRED_FIELD = {
  required: true,
  withAsterisk: false,
  labelProps: { "data-portal-required": true },
} as const;
