import type { AppContext } from "../../context.ts";
import { yearHandInDocuments } from "../school-documents/document-texts.service.ts";
import { findDocumentRows } from "./documents.repository.ts";
import { documentFilterOf, signingHoursOf, toListItem } from "./documents.service.ts";
import { checklistsOf, isMissing } from "./hand-in-checklist.ts";

/**
 * The year's requests whose signed papers are overdue, exactly as the documents page's "overdue"
 * filter finds them (test data left out), with what is still missing: the families' automatic
 * reminder (docs/rules/reminders.md) reads them here.
 */
export async function overdueHandIns(ctx: AppContext, schoolYearId: number, now = Date.now()) {
  const [signingHours, documents] = await Promise.all([
    signingHoursOf(ctx, schoolYearId),
    yearHandInDocuments(ctx, schoolYearId),
  ]);
  const query = { testData: "exclude", handIn: "overdue" } as const;
  const filter = documentFilterOf(schoolYearId, query, signingHours, now, documents);
  const rows = await findDocumentRows(ctx.db, ctx.engine, filter);
  const checklists = await checklistsOf(ctx.db, documents, rows, "es");
  const byKey = new Map(documents.map((document) => [document.key, document] as const));
  return rows.map((row) => {
    const item = toListItem(row, signingHours, now, checklists.get(row.id));
    return {
      requestId: row.id,
      userId: row.user_id,
      code: row.code,
      studentName: row.student_name,
      requestStatus: item.requestStatus,
      dueAt: item.dueAt,
      // Each in every language: the e-mail goes out in each account's own.
      missing: item.checklist.filter(isMissing).map((entry) => ({
        key: entry.item,
        titles: byKey.get(entry.item)?.titles ?? { es: entry.item, en: entry.item, fr: entry.item },
      })),
    };
  });
}
