import { type LoginInput, loginSchema } from "@portal/shared/schemas/auth";

export type LoginField = keyof LoginInput;
export type LoginErrors = Partial<Record<LoginField, string>>;
export type LoginCheck = { data: LoginInput; errors: null } | { data: null; errors: LoginErrors };

/**
 * The login form's check with the shared schema, in its own chunk with zod (login-form-state.ts
 * loads it once the form is on screen): the schema's parsed values, or each field's first message
 * (a key of the validation catalog), as a zodResolver gives them to the other forms.
 */
export function checkLogin(values: unknown): LoginCheck {
  const result = loginSchema.safeParse(values);
  if (result.success) return { data: result.data, errors: null };
  const errors: LoginErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as LoginField | undefined;
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return { data: null, errors };
}
