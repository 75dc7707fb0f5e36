import {
  DEFAULT_RETENTION_MONTHS,
  EDITABLE_RETENTION_KINDS,
  RETENTION_LIMITS,
  type RetentionMonths,
} from "@portal/shared/retention";
import type { RetentionSettings, RetentionSettingsInput } from "@portal/shared/schemas/retention";
import type { AppContext } from "../../context.ts";
import { nowIso, writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError } from "../../lib/errors.ts";
import { LINK_HOURS } from "../data-export/data-export.service.ts";
import { readRetentionSettings, writeRetentionSettings } from "./retention.repository.ts";

/**
 * Settings › Data retention's periods (docs/rules/data-protection.md "Retention periods"). Until
 * the Admin saves, the defaults of packages/shared/src/retention.ts apply and the purge runs daily.
 */

/** A saved row's months, each within its bounds (a hand-edited row falls back to the default). */
function monthsOf(json: string | undefined): RetentionMonths {
  let saved: Record<string, unknown> = {};
  try {
    saved = json ? (JSON.parse(json) as Record<string, unknown>) : {};
  } catch {
    saved = {};
  }
  const months = { ...DEFAULT_RETENTION_MONTHS };
  for (const kind of EDITABLE_RETENTION_KINDS) {
    const value = saved[kind];
    const { min, max } = RETENTION_LIMITS[kind];
    if (typeof value === "number" && Number.isInteger(value) && value >= min && value <= max) months[kind] = value;
  }
  return months;
}

export async function readRetentionPeriods(ctx: AppContext): Promise<RetentionSettings> {
  const row = await readRetentionSettings(ctx.db);
  return {
    months: monthsOf(row?.months),
    automatic: row ? Number(row.automatic) === 1 : true,
    version: row ? Number(row.version) : 0,
    electionRegisterDays: ctx.config.electionRegisterRetentionDays,
    dataExportHours: LINK_HOURS,
  };
}

/** PUT /api/settings/retention: saved at the version read (409 otherwise), audited field by field. */
export async function saveRetentionPeriods(
  ctx: AppContext,
  actor: { userId: number; ip: string },
  input: RetentionSettingsInput,
): Promise<RetentionSettings> {
  const before = await readRetentionPeriods(ctx);
  const { version, automatic, ...months } = input;
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const saved = await writeRetentionSettings(
      trx,
      { months: JSON.stringify(months), automatic: automatic ? 1 : 0, updated_at: nowIso(), updated_by: actor.userId },
      version,
    );
    if (!saved) throw new AppError(409, "SETTINGS_VERSION_CONFLICT");
    const changes = [
      ...EDITABLE_RETENTION_KINDS.filter((kind) => before.months[kind] !== months[kind]).map((kind) => ({
        field: kind,
        before: before.months[kind],
        after: months[kind],
      })),
      ...(before.automatic === automatic ? [] : [{ field: "automatic", before: before.automatic, after: automatic }]),
    ];
    await recordAudit(trx, {
      event: "retention.settingsChanged",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { changes },
    });
  });
  return readRetentionPeriods(ctx);
}
