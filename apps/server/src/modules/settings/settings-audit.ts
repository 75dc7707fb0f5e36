import { AppError } from "../../lib/errors.ts";

/** 409: another Admin saved this section since the page read it; the page reloads it. */
export const versionConflict = () => new AppError(409, "SETTINGS_VERSION_CONFLICT");

/**
 * The audit entry's before/after: one line per field that changed (nested objects flattened to
 * `notice.es`). Settings hold no personal data, so values are kept.
 */
export function auditChanges(
  before: object,
  after: object,
  prefix = "",
): { field: string; before: unknown; after: unknown }[] {
  const changes: { field: string; before: unknown; after: unknown }[] = [];
  const was = before as Record<string, unknown>;
  for (const [key, value] of Object.entries(after)) {
    const field = prefix ? `${prefix}.${key}` : key;
    const old = was[key];
    if (value !== null && typeof value === "object" && old !== null && typeof old === "object") {
      changes.push(...auditChanges(old, value, field));
    } else if (old !== value) {
      changes.push({ field, before: old ?? null, after: value });
    }
  }
  return changes;
}
