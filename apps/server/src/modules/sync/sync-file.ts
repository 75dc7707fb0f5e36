import { BUE_EXPORT_COLUMNS, type BueExportFormat, type BueExportRow } from "@portal/shared/schemas/sync";
import type { Db } from "../../db/database.ts";
import { CSV_BOM, csvLine } from "../../lib/csv.ts";
import { bueExportRow, type StepData } from "./bue-row.ts";
import * as repo from "./sync.repository.ts";

/** The BUE export's rows and files (docs/api.md "Sync with the BUE"): what the export, a past batch and the BUE page share. */

export interface SyncFile {
  filename: string;
  contentType: string;
  body: string;
  batchId: number | null;
  rowCount: number;
}

export const parseStep = (data: string | undefined): StepData | null => {
  if (!data) return null;
  const value = JSON.parse(data) as unknown;
  return value && typeof value === "object" ? (value as StepData) : null;
};

export type RowFacts = {
  code: string;
  file_id: number;
  level_code: string | null;
  is_new_student: number;
  year_label: string;
};

export async function rowsOf(db: Db, requests: readonly RowFacts[]): Promise<BueExportRow[]> {
  const steps = await repo.stepsOf(
    db,
    requests.map((r) => r.file_id),
  );
  return requests.map((r) => {
    const file = steps.get(r.file_id);
    return bueExportRow({
      code: r.code,
      schoolYearLabel: r.year_label,
      levelCode: r.level_code,
      isNewStudent: r.is_new_student,
      studentFile: parseStep(file?.get("studentFile")),
      firstRepresentative: parseStep(file?.get("firstRepresentative")),
      secondRepresentative: parseStep(file?.get("secondRepresentative")),
    });
  });
}

/**
 * The file in the published format: CSV (BOM, `;`, quoted) or JSON. Another program reads it, so
 * its values are written as they are: no spreadsheet formula guard (docs/rules/documents.md "Sync with the BUE").
 */
export function renderSyncFile(
  rows: readonly BueExportRow[],
  meta: { format: BueExportFormat; batchId: number | null; schoolYear: string; exportedAt: string },
): SyncFile {
  const stamp = meta.exportedAt.slice(0, 10);
  const name = `bue-${meta.schoolYear}-${meta.batchId === null ? "empty" : `batch-${meta.batchId}`}-${stamp}`;
  if (meta.format === "json") {
    const body = JSON.stringify(
      {
        batchId: meta.batchId,
        schoolYear: meta.schoolYear,
        exportedAt: meta.exportedAt,
        columns: BUE_EXPORT_COLUMNS,
        students: rows,
      },
      null,
      2,
    );
    return {
      filename: `${name}.json`,
      contentType: "application/json; charset=utf-8",
      body,
      batchId: meta.batchId,
      rowCount: rows.length,
    };
  }
  const lines = [
    csvLine(BUE_EXPORT_COLUMNS, "data"),
    ...rows.map((row) =>
      csvLine(
        BUE_EXPORT_COLUMNS.map((c) => row[c]),
        "data",
      ),
    ),
  ];
  return {
    filename: `${name}.csv`,
    contentType: "text/csv; charset=utf-8",
    body: CSV_BOM + lines.join(""),
    batchId: meta.batchId,
    rowCount: rows.length,
  };
}

export async function yearLabel(db: Db, schoolYearId: number): Promise<string> {
  const row = await db.selectFrom("school_years").select("label").where("id", "=", schoolYearId).executeTakeFirst();
  return row?.label ?? String(schoolYearId);
}
