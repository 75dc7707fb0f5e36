import type { z } from "zod";

/** The issues of a failed parse as "path: message" strings ("" path for the root). */
export function issuesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

/** The message keys of a failed parse. */
export function messagesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

export const VALID_CEDULA = "1714307103";

/** The zod issue codes of a failed parse ("unrecognized_keys" for an unknown field). */
export function codesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.code);
}
