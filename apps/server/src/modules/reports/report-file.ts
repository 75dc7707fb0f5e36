import { once } from "node:events";
import type { PassThrough } from "node:stream";
import type { ExportFormat, ReportColumnType } from "@portal/shared/schemas/reports";
// Loaded on the first XLSX export, not at start: about 30 MB the server would hold all day.
import type ExcelJS from "exceljs";
import { CSV_BOM, csvLine } from "../../lib/csv.ts";
import { schoolLocalTime } from "../audit/school-time.ts";
import type { Cell } from "./report-columns.ts";

/**
 * A report's file, written row by row into `out` (the reply's stream): XLSX through exceljs's
 * streaming writer (each row committed, never the whole workbook in memory) or the portal's CSV
 * (lib/csv.ts). Both say the same words as the report's table: yes/no in the reader's language (not
 * Excel's TRUE/FALSE), labels for codes. CSV text that a spreadsheet would run as a formula gets the
 * apostrophe guard; an XLSX text cell is typed as text, which no spreadsheet runs, so it keeps exactly
 * what was typed ("+593 99…", "-", "=Ana"), and an added apostrophe would become part of it. Dates
 * are real dates in XLSX (a date-time as the school's local time), `YYYY-MM-DD [HH:MM:SS]` in CSV.
 * The XLSX keeps its header row in view (frozen) with a filter on every column.
 */
export interface FileColumn {
  label: string;
  type: ReportColumnType;
}

export interface FileWords {
  yes: string;
  no: string;
  sheet: string;
}

const SCHOOL_OFFSET_MS = -5 * 3_600_000;
const isDateTime = (value: string) => value.length > 10;

function xlsxCell(type: ReportColumnType, value: Cell, words: FileWords): ExcelJS.CellValue {
  if (value === null || value === "") return null;
  if (typeof value === "boolean") return value ? words.yes : words.no;
  if (type === "date" && typeof value === "string") {
    const ms = isDateTime(value) ? Date.parse(value) + SCHOOL_OFFSET_MS : Date.parse(`${value.slice(0, 10)}T00:00:00Z`);
    return Number.isNaN(ms) ? value : new Date(ms);
  }
  return value;
}

function csvValue(type: ReportColumnType, value: Cell, words: FileWords): string | number {
  if (value === null) return "";
  if (typeof value === "boolean") return value ? words.yes : words.no;
  if (type === "date" && typeof value === "string" && isDateTime(value)) return schoolLocalTime(value);
  return value;
}

/** Rows written between two turns of the event loop, so other requests are served during an export. */
const ROWS_PER_TURN = 5;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Waits while the reader is behind, so a slow download does not pile rows up in memory. */
async function drained(out: PassThrough): Promise<void> {
  if (out.writableNeedDrain && !out.destroyed) await Promise.race([once(out, "drain"), once(out, "close")]);
}

/**
 * Writes the file; says how many rows were written and whether it reached the end. Stops early
 * (without throwing) when `out` was destroyed because the client went away.
 */
export async function writeReportFile(
  out: PassThrough,
  format: ExportFormat,
  columns: readonly FileColumn[],
  rows: AsyncIterable<Cell[][]>,
  words: FileWords,
): Promise<{ rows: number; completed: boolean }> {
  let written = 0;
  const stopped = () => ({ rows: written, completed: false });
  if (format === "csv") {
    out.write(`${CSV_BOM}${csvLine(columns.map((c) => c.label))}`);
    for await (const batch of rows) {
      if (out.destroyed) return stopped();
      for (let start = 0; start < batch.length; start += ROWS_PER_TURN) {
        const slice = batch.slice(start, start + ROWS_PER_TURN);
        out.write(slice.map((row) => csvLine(row.map((v, i) => csvValue(columns[i]!.type, v, words)))).join(""));
        await nextTurn();
      }
      written += batch.length;
      await drained(out);
    }
    if (out.destroyed) return stopped();
    out.end();
    return { rows: written, completed: true };
  }
  const { stream } = (await import("exceljs")).default;
  const workbook = new stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(words.sheet.slice(0, 31), { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({
    header: c.label,
    key: String(i),
    width: c.type === "date" ? 18 : 24,
  }));
  sheet.getRow(1).font = { bold: true };
  for await (const batch of rows) {
    if (out.destroyed) return stopped();
    for (const [index, row] of batch.entries()) {
      if (index % ROWS_PER_TURN === ROWS_PER_TURN - 1) await nextTurn();
      const line = sheet.addRow(row.map((v, i) => xlsxCell(columns[i]!.type, v, words)));
      row.forEach((v, i) => {
        if (columns[i]!.type === "date" && typeof v === "string" && v !== "") {
          line.getCell(i + 1).numFmt = isDateTime(v) ? "yyyy-mm-dd hh:mm" : "yyyy-mm-dd";
        }
      });
      line.commit();
    }
    written += batch.length;
    await drained(out);
  }
  if (out.destroyed) return stopped();
  // Written with the sheet's end, so it spans the rows the export really wrote.
  if (columns.length > 0)
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: written + 1, column: columns.length } };
  sheet.commit();
  await workbook.commit();
  return { rows: written, completed: out.writableFinished || !out.destroyed };
}
