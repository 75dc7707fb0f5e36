import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { isApiError } from "./api-error.ts";

/**
 * Puts the server's per-field messages (VALIDATION_ERROR `fields`) under the matching inputs.
 * Returns true when at least one field got a message, so the caller can skip a duplicate alert.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  names: readonly Path<T>[],
): boolean {
  if (!isApiError(error)) return false;
  let applied = false;
  for (const [field, message] of Object.entries(error.fields)) {
    const name = names.find((candidate) => candidate === field);
    if (name) {
      // "" marks the field with the error's own message (COMMON_PASSWORD, PASSWORD_PERSONAL…).
      setError(name, { type: "server", message: message || error.message }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}
