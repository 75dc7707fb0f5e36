import {
  DEFAULT_YEAR_CONSTANTS,
  DEFAULT_YEAR_NOTICES,
  NOTICE_KINDS,
  type YearConstants,
  type YearNotices,
} from "@portal/shared/rules/year-settings";
import type { ConstantsInput, NoticesInput, YearSettings } from "@portal/shared/schemas/general-settings";
import type { AppContext } from "../../context.ts";
import { writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { listYearsForSettings, readVersionedSetting, writeVersionedSetting } from "../../kernel/settings-store.ts";
import { AppError } from "../../lib/errors.ts";
import { auditChanges, versionConflict } from "./settings-audit.ts";
import { cachedSetting, forgetSetting, parseJson } from "./settings-cache.ts";

/**
 * Per-school-year settings: spec 9's constants and the notices families see. Stored
 * as JSON in `settings` under `year.<id>.constants` and `year.<id>.notices` (the year roll-over
 * copies those rows); no row, or a field missing from it, means the default.
 */
export const constantsKey = (schoolYearId: number) => `year.${schoolYearId}.constants`;
export const noticesKey = (schoolYearId: number) => `year.${schoolYearId}.notices`;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

function mergeConstants(value: string | undefined): YearConstants {
  const saved = (parseJson(value) ?? {}) as Record<string, unknown>;
  const out = { ...DEFAULT_YEAR_CONSTANTS };
  for (const key of Object.keys(out) as (keyof YearConstants)[]) {
    const v = saved[key];
    const ok =
      typeof DEFAULT_YEAR_CONSTANTS[key] === "number" ? Number.isInteger(v) : typeof v === "string" && TIME.test(v);
    if (ok) (out as Record<string, unknown>)[key] = v;
  }
  return out;
}

function mergeNotices(value: string | undefined): YearNotices {
  const saved = (parseJson(value) ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const out = structuredClone(DEFAULT_YEAR_NOTICES);
  for (const kind of NOTICE_KINDS) {
    for (const lang of ["es", "en", "fr"] as const) {
      const v = saved[kind]?.[lang];
      if (typeof v === "string") out[kind][lang] = v;
    }
  }
  return out;
}

/** The constants in force for a year (cached a moment: documents and forms ask often). */
export async function yearConstants(ctx: AppContext, schoolYearId: number): Promise<YearConstants> {
  return mergeConstants(await cachedSetting(ctx.db, constantsKey(schoolYearId)));
}

export async function yearSettings(ctx: AppContext, schoolYearId: number): Promise<YearSettings> {
  const [constants, notices] = await Promise.all([
    yearConstants(ctx, schoolYearId),
    cachedSetting(ctx.db, noticesKey(schoolYearId)).then(mergeNotices),
  ]);
  return { schoolYearId, constants, notices };
}

/** The year's values as the page edits them, with the version of each section. */
export async function yearSettingsForEdit(ctx: AppContext, schoolYearId: number) {
  const [constants, notices] = await Promise.all([
    readVersionedSetting(ctx.db, constantsKey(schoolYearId)),
    readVersionedSetting(ctx.db, noticesKey(schoolYearId)),
  ]);
  return {
    constants: { ...mergeConstants(constants.value), version: constants.version },
    notices: { ...mergeNotices(notices.value), version: notices.version },
  };
}

async function existingYear(ctx: AppContext, schoolYearId: number) {
  const year = (await listYearsForSettings(ctx.db)).find((y) => y.id === schoolYearId);
  if (!year) throw new AppError(404, "NOT_FOUND");
  return year;
}

async function saveSection<T extends object>(
  ctx: AppContext,
  actor: { userId: number; ip: string },
  opts: { section: "constants" | "notices"; schoolYearId: number; key: string; before: T; after: T; version: number },
): Promise<void> {
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const version = await writeVersionedSetting(trx, opts.key, JSON.stringify(opts.after), opts.version);
    if (version === undefined) throw versionConflict();
    await recordAudit(trx, {
      event: "settings.changed",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: {
        section: opts.section,
        schoolYearId: opts.schoolYearId,
        version,
        changes: auditChanges(opts.before, opts.after),
      },
    });
  });
  forgetSetting(ctx.db, opts.key);
}

export async function updateYearConstants(
  ctx: AppContext,
  actor: { userId: number; ip: string },
  schoolYearId: number,
  input: ConstantsInput,
) {
  await existingYear(ctx, schoolYearId);
  const { version, ...after } = input;
  const before = (await yearSettingsForEdit(ctx, schoolYearId)).constants;
  const { version: _read, ...beforeValues } = before;
  const key = constantsKey(schoolYearId);
  await saveSection(ctx, actor, { section: "constants", schoolYearId, key, before: beforeValues, after, version });
  return (await yearSettingsForEdit(ctx, schoolYearId)).constants;
}

export async function updateYearNotices(
  ctx: AppContext,
  actor: { userId: number; ip: string },
  schoolYearId: number,
  input: NoticesInput,
) {
  await existingYear(ctx, schoolYearId);
  const { version, ...after } = input;
  const { version: _read, ...beforeValues } = (await yearSettingsForEdit(ctx, schoolYearId)).notices;
  const key = noticesKey(schoolYearId);
  await saveSection(ctx, actor, { section: "notices", schoolYearId, key, before: beforeValues, after, version });
  return (await yearSettingsForEdit(ctx, schoolYearId)).notices;
}
