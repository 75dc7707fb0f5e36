import { translate } from "@portal/i18n/translate";
import type { Language } from "@portal/shared/languages";
import { PROCESSING_ACTIVITIES, rolesOfActivity } from "@portal/shared/processing-register";
import type { RetentionKind } from "@portal/shared/retention";
import type { ProcessingActivity, RetentionSettings } from "@portal/shared/schemas/retention";
import type { AppContext } from "../../context.ts";
import { readRetentionPeriods } from "./retention-settings.service.ts";

/**
 * The register of processing activities (LOPDP art. 51; docs/rules/data-protection.md "The
 * processing register"): what the portal processes, why, on which legal basis, about whom, who
 * sees it (from permissions.ts) and how long it is kept (from the retention settings), in the
 * reader's language. The screen and the XLSX file show the same rows.
 */

function retentionText(lang: Language, kind: RetentionKind, settings: RetentionSettings): string {
  const vars = {
    months: kind in settings.months ? settings.months[kind as keyof RetentionSettings["months"]] : 0,
    days: settings.electionRegisterDays,
    hours: settings.dataExportHours,
  };
  return translate(lang, `retention:register.retention.${kind}`, vars);
}

export async function processingRegister(ctx: AppContext, lang: Language): Promise<{ items: ProcessingActivity[] }> {
  const settings = await readRetentionPeriods(ctx);
  const text = (id: string, field: string) => translate(lang, `retention:register.activities.${id}.${field}`);
  return {
    items: PROCESSING_ACTIVITIES.map((activity) => {
      const roles = rolesOfActivity(activity.permissions);
      return {
        id: activity.id,
        name: text(activity.id, "name"),
        purpose: text(activity.id, "purpose"),
        legalBasis: text(activity.id, "legalBasis"),
        dataCategories: text(activity.id, "data"),
        subjects: text(activity.id, "subjects"),
        roles,
        recipients: roles.map((role) => translate(lang, `users:roles.${role}`)).join(", "),
        retention: activity.retention.map((kind) => retentionText(lang, kind, settings)).join(" "),
      };
    }),
  };
}

/**
 * The register as an XLSX workbook: one row per activity, the header frozen. Text cells hold the
 * portal's own words as they are (an XLSX text cell is never run as a formula: docs/rules/documents.md).
 */
export async function processingRegisterXlsx(ctx: AppContext, lang: Language): Promise<Buffer> {
  const { items } = await processingRegister(ctx, lang);
  // Loaded on the first export, not at start (as the reports do).
  const ExcelJS = (await import("exceljs")).default;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(translate(lang, "retention:register.sheet"));
  const columns = ["name", "purpose", "legalBasis", "dataCategories", "subjects", "recipients", "retention"] as const;
  sheet.columns = columns.map((key) => ({
    header: translate(lang, `retention:register.columns.${key}`),
    key,
    width: key === "name" ? 28 : 45,
  }));
  for (const item of items) {
    sheet.addRow(Object.fromEntries(columns.map((key) => [key, item[key]])));
  }
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  sheet.eachRow((row) => {
    row.alignment = { wrapText: true, vertical: "top" };
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
