import { UPLOAD_KINDS } from "@portal/shared/upload-kinds";

/**
 * Conversions every step form uses between the saved step data (JSON from the server), the values
 * the inputs hold (strings, booleans, upload ids) and the request body the shared schema checks.
 */

/** A saved text as an input's value: anything that is not a string becomes "". */
export const str = (value: unknown): string => (typeof value === "string" ? value : "");

/** The named text fields of saved data as input values ("" for anything missing or not text). */
export function textValues<F extends string>(source: Record<string, unknown>, fields: readonly F[]): Record<F, string> {
  return Object.fromEntries(fields.map((field) => [field, str(source[field])])) as Record<F, string>;
}

/** A saved number as an input's value ("" when absent). */
export const numText = (value: unknown): string => (typeof value === "number" ? String(value) : "");

/**
 * A saved decimal as an input's value, with a decimal comma where the language writes one (es, fr:
 * "138,5"). `textToNumber` reads either separator back.
 */
export const decimalText = (value: unknown, decimalComma: boolean): string =>
  decimalComma ? numText(value).replace(".", ",") : numText(value);

/** Whether a language writes decimals with a comma (the portal's: es and fr do, en does not). */
export const usesDecimalComma = (language: string): boolean => !language.startsWith("en");

/** A saved flag as a checkbox or yes/no value. */
export const bool = (value: unknown, fallback = false): boolean => (typeof value === "boolean" ? value : fallback);

/** A saved upload id, or null when none was uploaded. */
export const fileIdOf = (value: unknown): number | null =>
  typeof value === "number" && Number.isInteger(value) && value > 0 ? value : null;

/** Optional selects and fields whose empty value means "not given" rather than "". */
export const blankToUndefined = (value: string): string | undefined => (value.trim() === "" ? undefined : value);

/**
 * A numeric input's text as the body's number. Blank stays undefined (the schema says it is
 * required); anything unparsable is sent as is so the schema answers with its type message.
 */
export function textToNumber(value: string): number | undefined {
  const trimmed = value.trim().replace(",", ".");
  if (trimmed === "") return undefined;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : (value as unknown as number);
}

/** "yes"/"no" radio values and the booleans the schemas take. */
export const yesNoText = (value: unknown): "" | "yes" | "no" => (value === true ? "yes" : value === false ? "no" : "");
export const yesNoValue = (value: string): boolean | undefined =>
  value === "yes" ? true : value === "no" ? false : undefined;

export const MAX_PDF_BYTES = UPLOAD_KINDS.identityDocument.maxBytes;

/**
 * Checked before sending (the server checks again, by content): a PDF within `maxBytes` (the
 * school's limit for the kind, Settings › Files; 5 MB by default).
 */
export function checkPdfUpload(
  file: { name: string; type: string; size: number },
  maxBytes = MAX_PDF_BYTES,
): "notPdf" | "tooLarge" | null {
  const isPdf = file.type === "application/pdf" || (file.type === "" && /\.pdf$/i.test(file.name));
  if (!isPdf) return "notPdf";
  if (file.size > maxBytes) return "tooLarge";
  return null;
}
