import { DEFAULT_YEAR_CONSTANTS } from "@portal/shared/rules/year-settings";
import type { GeneralSettingsPage } from "@portal/shared/schemas/general-settings";
import type { AppContext } from "../../context.ts";
import { listYearsForSettings } from "../../kernel/settings-store.ts";
import { AppError } from "../../lib/errors.ts";
import { getIdentityForEdit, getStoredLogo } from "./identity.service.ts";
import { logoUrl } from "./logo-url.ts";
import { isMaintenanceOn } from "./settings.service.ts";
import { yearSettingsForEdit } from "./year-settings.service.ts";

/**
 * Everything Settings › General shows. The per-year sections are those of `schoolYearId`, by
 * default the current year (the page's year picker lets the Admin prepare the next one).
 */
export async function getGeneralSettingsPage(ctx: AppContext, schoolYearId?: number): Promise<GeneralSettingsPage> {
  const years = await listYearsForSettings(ctx.db);
  const year =
    schoolYearId === undefined
      ? (years.find((y) => y.isCurrent) ?? years[0])
      : years.find((y) => y.id === schoolYearId);
  if (!year) throw new AppError(404, "NOT_FOUND");
  const [maintenanceMode, identity, logo, perYear] = await Promise.all([
    isMaintenanceOn(ctx),
    getIdentityForEdit(ctx),
    getStoredLogo(ctx),
    yearSettingsForEdit(ctx, year.id),
  ]);
  return {
    maintenanceMode,
    identity: { ...identity, customLogo: logo !== undefined, logoUrl: logoUrl(logo) },
    schoolYear: { id: year.id, label: year.label, isCurrent: year.isCurrent },
    schoolYears: years,
    constants: perYear.constants,
    notices: perYear.notices,
    defaultConstants: DEFAULT_YEAR_CONSTANTS,
  };
}
