/**
 * The portal's CSV files (audit log, reports, BUE sync; docs/rules/documents.md "Reports"): `;`-separated (what
 * Excel expects in the Spanish and French locales), CRLF line ends, every cell quoted, UTF-8 with a
 * byte-order mark first so spreadsheet programs read the accents.
 */
export const CSV_SEPARATOR = ";";
export const CSV_BOM = "\uFEFF";

/**
 * A text that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab or carriage return
 * first) gets a leading apostrophe, so a name typed by a family cannot run in the staff's
 * spreadsheet (CSV and XLSX alike).
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * Whether a file's cells get the formula guard: `spreadsheet` for the files people open in Excel
 * (reports, audit log, a ZIP's leftout.csv), `data` for a file another program reads (the BUE
 * export), where an added apostrophe would be stored as part of the value ("'+593…" as a phone).
 */
export type CsvAudience = "spreadsheet" | "data";

/** One quoted cell, neutralised for a spreadsheet. */
export function csvCell(value: string | number, audience: CsvAudience = "spreadsheet"): string {
  const text = audience === "spreadsheet" ? neutraliseFormula(String(value)) : String(value);
  return `"${text.replaceAll('"', '""')}"`;
}

/** One CSV line, CRLF included. */
export function csvLine(values: readonly (string | number)[], audience: CsvAudience = "spreadsheet"): string {
  return `${values.map((value) => csvCell(value, audience)).join(CSV_SEPARATOR)}\r\n`;
}
