import { bytesToMb, type FileType } from "@portal/shared/file-settings";
import type { AdminFileSettings, FileSettingsUpdate } from "@portal/shared/schemas/file-settings";

const MB = 1024 * 1024;

/** One kind as the form holds it: the size as typed (MB), the types ticked. */
export interface LimitRowValues {
  mb: string;
  types: FileType[];
}
export type LimitErrors = Record<string, { mb?: string; types?: string }>;

export function toLimitValues(settings: AdminFileSettings): Record<string, LimitRowValues> {
  return Object.fromEntries(
    settings.kinds.map((kind) => [kind.kind, { mb: String(bytesToMb(kind.maxBytes)), types: kind.types }]),
  );
}

/** "2,5" or "2.5" → bytes; undefined when it is not a number. */
export function mbToBytes(text: string): number | undefined {
  const value = Number(text.trim().replace(",", "."));
  return text.trim() !== "" && Number.isFinite(value) ? Math.round(value * MB) : undefined;
}

/**
 * The body of PUT /api/settings/files, or the errors to show under the fields (validation keys,
 * the same as the server's): a size between the floor and the ceiling, at least one type.
 */
export function toLimitsBody(
  settings: AdminFileSettings,
  values: Record<string, LimitRowValues>,
): { body: FileSettingsUpdate } | { errors: LimitErrors } {
  const errors: LimitErrors = {};
  const kinds = settings.kinds.map((kind) => {
    const row = values[kind.kind] ?? { mb: "", types: [] };
    const maxBytes = mbToBytes(row.mb);
    if (maxBytes === undefined || maxBytes < settings.floorBytes || maxBytes > settings.ceilingBytes) {
      errors[kind.kind] = { ...errors[kind.kind], mb: "validation.fileLimitRange" };
    }
    if (row.types.length === 0) errors[kind.kind] = { ...errors[kind.kind], types: "validation.fileTypesRequired" };
    return { kind: kind.kind, maxBytes: maxBytes ?? 0, types: row.types, version: kind.version };
  });
  return Object.keys(errors).length > 0 ? { errors } : { body: { kinds } };
}

/** The server's field errors ("kinds.3.maxBytes") as the form's, by kind. */
export function serverLimitErrors(settings: AdminFileSettings, fields: Record<string, string>): LimitErrors {
  const errors: LimitErrors = {};
  for (const [path, message] of Object.entries(fields)) {
    const match = /^kinds\.(\d+)\.(maxBytes|types)/.exec(path);
    const kind = match ? settings.kinds[Number(match[1])]?.kind : undefined;
    if (!match || !kind) continue;
    errors[kind] = { ...errors[kind], [match[2] === "maxBytes" ? "mb" : "types"]: message };
  }
  return errors;
}
