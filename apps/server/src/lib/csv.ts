/**
 * The portal's CSV files (audit log, reports, BUE sync; docs/decisions.md): `;`-separated (what
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

/** One quoted, neutralised cell. */
export function csvCell(value: string | number): string {
  return `"${neutraliseFormula(String(value)).replaceAll('"', '""')}"`;
}

/** One CSV line, CRLF included. */
export function csvLine(values: readonly (string | number)[]): string {
  return `${values.map(csvCell).join(CSV_SEPARATOR)}\r\n`;
}
