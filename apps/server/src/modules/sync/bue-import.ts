import { BUE_CODE_PATTERN, BUE_IMPORT_COLUMNS, BUE_IMPORT_MAX_LINES } from "@portal/shared/schemas/sync";

/*
 * The BUE's codes file (docs/api.md "Sync with the BUE"): UTF-8 with or without a BOM, `;` or `,`
 * between cells (the first line decides), cells optionally in double quotes, one request per line:
 * request code; student code; contact code BUE of representative 1; of representative 2. A first
 * line naming the columns (`requestCode;studentCode;…`) is skipped. Empty lines are skipped; an
 * empty code leaves the stored one as it is. Pure: the service resolves the request codes.
 */

export type ImportLineReason =
  | "columns"
  | "quotes"
  | "requestCode"
  | "studentCode"
  | "rep1ContactCodeBue"
  | "rep2ContactCodeBue"
  | "duplicate"
  | "noCodes";

export interface ImportLine {
  line: number;
  requestCode: string;
  studentCode: string;
  rep1ContactCodeBue: string;
  rep2ContactCodeBue: string;
}

export interface ImportLineError {
  line: number;
  reason: ImportLineReason | "unknownRequest" | "noSecondRepresentative" | "noStep";
}

export interface ParsedImport {
  lines: ImportLine[];
  errors: ImportLineError[];
  /** More lines than the file may hold. */
  tooManyLines: boolean;
}

/** Splits one line into cells; null when a quote is left open. */
export function splitCsvLine(line: string, separator: string): string[] | null {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell.trim() === "" && !wasQuoted) {
      quoted = true;
      wasQuoted = true;
      cell = "";
    } else if (ch === separator) {
      cells.push(cell);
      cell = "";
      wasQuoted = false;
    } else cell += ch;
  }
  if (quoted) return null;
  cells.push(cell);
  return cells.map((value) => value.trim());
}

const isHeader = (cells: string[]) => cells[0]?.toLowerCase() === BUE_IMPORT_COLUMNS[0].toLowerCase();

/** One line's cells checked: the line, or why it is bad (duplicates are the caller's). */
function readCells(cells: string[], line: number): ImportLine | ImportLineReason {
  // Trailing empty cells (a spreadsheet's export) do not count.
  while (cells.length > BUE_IMPORT_COLUMNS.length && cells.at(-1) === "") cells.pop();
  if (cells.length < 2 || cells.length > BUE_IMPORT_COLUMNS.length) return "columns";
  const [requestCode = "", studentCode = "", rep1 = "", rep2 = ""] = cells;
  if (!/^[A-Za-z0-9-]{1,40}$/.test(requestCode)) return "requestCode";
  const codes = { studentCode, rep1ContactCodeBue: rep1, rep2ContactCodeBue: rep2 } as const;
  for (const [field, value] of Object.entries(codes)) {
    if (value !== "" && !BUE_CODE_PATTERN.test(value)) return field as ImportLineReason;
  }
  if (studentCode === "" && rep1 === "" && rep2 === "") return "noCodes";
  return { line, requestCode, ...codes };
}

export function parseBueImport(text: string): ParsedImport {
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const rawLines = body.split(/\r\n|\n|\r/);
  const firstIndex = rawLines.findIndex((line) => line.trim() !== "");
  const separator = (rawLines[firstIndex] ?? "").includes(";") ? ";" : ",";
  const lines: ImportLine[] = [];
  const errors: ImportLineError[] = [];
  const seen = new Set<string>();
  let counted = 0;
  rawLines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === "") return;
    const cells = splitCsvLine(raw, separator);
    if (!cells) {
      errors.push({ line, reason: "quotes" });
      return;
    }
    if (index === firstIndex && isHeader(cells)) return;
    counted++;
    const read = readCells(cells, line);
    if (typeof read === "string") errors.push({ line, reason: read });
    else if (seen.has(read.requestCode.toUpperCase())) errors.push({ line, reason: "duplicate" });
    else {
      seen.add(read.requestCode.toUpperCase());
      lines.push(read);
    }
  });
  return { lines, errors, tooManyLines: counted > BUE_IMPORT_MAX_LINES };
}
