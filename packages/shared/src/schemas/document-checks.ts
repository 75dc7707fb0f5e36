import { z } from "zod";

/**
 * The public checker of signed documents (docs/rules/documents.md "Checking a document"): a
 * verification code as printed on every page of a final signed PDF, or the PDF itself. The answer
 * names the document, its signers and dates, and whether the school sealed it: nothing else.
 */

/** Largest PDF the checker reads (multipart `file`). */
export const DOCUMENT_CHECK_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Crockford base32 as people type it: any case, spaces and hyphens ignored, O read as 0 and I/L
 * as 1. The codes are 10 characters; the column allows up to 16.
 */
export function normaliseVerificationCode(value: string): string {
  return value.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
}

export const documentCheckCodeSchema = z.strictObject({
  code: z
    .string({ error: "validation.verificationCode" })
    .max(64, { error: "validation.verificationCode" })
    .transform(normaliseVerificationCode)
    .pipe(z.string().regex(/^[0-9A-HJKMNP-TV-Z]{8,16}$/, { error: "validation.verificationCode" })),
});

export const documentCheckResultSchema = z.object({
  found: z.literal(true),
  /** The document's title in the reader's language. */
  title: z.string(),
  signers: z.array(
    z.object({
      role: z.enum(["representative1", "representative2", "school"]),
      name: z.string(),
      signedAt: z.string(),
    }),
  ),
  completedAt: z.string(),
  sealed: z.boolean(),
});
export type DocumentCheckResult = z.infer<typeof documentCheckResultSchema>;
