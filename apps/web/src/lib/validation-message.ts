/**
 * Shared zod schemas carry i18n keys as messages ("validation.required"); the server sends text that
 * is already translated. This turns either into the i18next key or literal text to show.
 */
export function validationMessageKey(message: string): string | null {
  // Grouped keys too ("validation.schoolYear.label"): i18next reads the dots as nesting.
  const match = /^validation\.([A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*)$/.exec(message);
  return match ? `validation:${match[1]}` : null;
}

export function translateValidationMessage(
  message: string | undefined,
  t: (key: string) => string,
): string | undefined {
  if (!message) return undefined;
  const key = validationMessageKey(message);
  return key ? t(key) : message;
}
