import { PassThrough } from "node:stream";
import { translate } from "@portal/i18n/translate";
import type { CampaignFigure } from "@portal/shared/schemas/campaigns";
import type { AppContext } from "../../context.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { catalogEntries } from "../catalogs/catalog-entries.service.ts";
import { writeReportFile } from "../reports/report-file.ts";
import { type Actor, listAnswers } from "./campaigns.service.ts";

const CONTENT_TYPES = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv; charset=utf-8",
} as const;

/**
 * One figure's list as a file (docs/rules/campaigns.md "Figures"), written by the reports' writer:
 * XLSX text cells exactly as typed, CSV with formulas neutralised. Audited with the row count.
 */
export async function exportAnswers(
  ctx: AppContext,
  actor: Actor,
  id: number,
  query: { figure: CampaignFigure; level?: string | undefined; format: "csv" | "xlsx" },
) {
  const { lang } = actor;
  const rows = await listAnswers(ctx, id, query, lang);
  const levels = new Map((await catalogEntries(ctx.db, "levels", lang)).map((entry) => [entry.code, entry.label]));
  const t = (key: string) => translate(lang, `campaigns:${key}`);
  const out = new PassThrough();
  const cells = rows.map((row) => [
    row.familyName,
    row.studentName,
    row.levelCode ? (levels.get(row.levelCode) ?? row.levelCode) : "",
    row.answer ? t(`answers.${row.answer}`) : t("answers.none"),
    row.reason ?? "",
    row.answeredAt ?? "",
  ]);
  async function* batches() {
    yield cells;
  }
  void writeReportFile(
    out,
    query.format,
    [
      { label: t("columns.family"), type: "text" },
      { label: t("columns.student"), type: "text" },
      { label: t("columns.level"), type: "text" },
      { label: t("columns.answer"), type: "text" },
      { label: t("columns.reason"), type: "text" },
      { label: t("columns.answeredAt"), type: "date" },
    ],
    batches(),
    { yes: "", no: "", sheet: t(`figures.${query.figure}`) },
  ).catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  await recordAudit(ctx.db, {
    event: "campaign.exported",
    actorUserId: actor.userId,
    ip: actor.ip,
    details: { campaignId: id, figure: query.figure, format: query.format, rows: rows.length },
  });
  return {
    stream: out,
    fileName: `${t("file")}-${id}-${query.figure}.${query.format}`,
    contentType: CONTENT_TYPES[query.format],
  };
}
