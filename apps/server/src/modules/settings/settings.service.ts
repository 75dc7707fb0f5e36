import type { AppContext } from "../../context.ts";
import { recordAudit } from "../audit/audit.repository.ts";
import { writeSetting } from "./settings.repository.ts";
import { cachedSetting, forgetSetting } from "./settings-cache.ts";

const MAINTENANCE_KEY = "maintenance_mode";

/** Several processes may share the database: the short cache keeps the flag cheap yet fresh. */
export async function isMaintenanceOn(ctx: AppContext): Promise<boolean> {
  return (await cachedSetting(ctx.db, MAINTENANCE_KEY)) === "true";
}

export async function getGeneralSettings(ctx: AppContext): Promise<{ maintenanceMode: boolean }> {
  return { maintenanceMode: await isMaintenanceOn(ctx) };
}

/** The switch is a toggle, not a form: its last click wins, no version to send. */
export async function updateGeneralSettings(
  ctx: AppContext,
  actor: { userId: number; ip: string },
  input: { maintenanceMode: boolean },
): Promise<{ maintenanceMode: boolean }> {
  await ctx.db.transaction().execute(async (trx) => {
    await writeSetting(trx, MAINTENANCE_KEY, String(input.maintenanceMode));
    await recordAudit(trx, {
      event: "settings.changed",
      actorUserId: actor.userId,
      ip: actor.ip,
      // Kept as it was before the other sections existed: the audit log's readers know this shape.
      details: { maintenanceMode: input.maintenanceMode },
    });
  });
  forgetSetting(ctx.db, MAINTENANCE_KEY);
  return input;
}
