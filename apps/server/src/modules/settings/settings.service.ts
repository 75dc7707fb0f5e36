import type { AppContext } from "../../context.ts";
import { recordAudit } from "../audit/audit.repository.ts";
import { readSetting, writeSetting } from "./settings.repository.ts";

const MAINTENANCE_KEY = "maintenance_mode";
/** Several processes may share the database: a short cache keeps the flag cheap yet fresh. */
const CACHE_MS = 2000;

let cached: { db: unknown; value: boolean; at: number } | undefined;

export async function isMaintenanceOn(ctx: AppContext): Promise<boolean> {
  if (cached && cached.db === ctx.db && Date.now() - cached.at < CACHE_MS) return cached.value;
  const value = (await readSetting(ctx.db, MAINTENANCE_KEY)) === "true";
  cached = { db: ctx.db, value, at: Date.now() };
  return value;
}

export async function getGeneralSettings(ctx: AppContext): Promise<{ maintenanceMode: boolean }> {
  return { maintenanceMode: await isMaintenanceOn(ctx) };
}

export async function updateGeneralSettings(
  ctx: AppContext,
  actor: { userId: number; ip: string },
  input: { maintenanceMode: boolean },
): Promise<{ maintenanceMode: boolean }> {
  await writeSetting(ctx.db, MAINTENANCE_KEY, String(input.maintenanceMode));
  cached = { db: ctx.db, value: input.maintenanceMode, at: Date.now() };
  await recordAudit(ctx.db, {
    event: "settings.changed",
    actorUserId: actor.userId,
    ip: actor.ip,
    details: { maintenanceMode: input.maintenanceMode },
  });
  return input;
}
