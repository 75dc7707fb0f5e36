import { translate } from "@portal/i18n/translate";
import type { Language } from "@portal/shared/languages";
import { schoolDay, type WindowKind, windowRangeProblem } from "@portal/shared/rules/school-year-windows";
import type {
  SchoolYearCreateInput,
  SchoolYearDetail,
  SchoolYearUpdateInput,
  SchoolYearWindowInput,
} from "@portal/shared/schemas/school-years";
import type { AppContext } from "../../context.ts";
import { type Db, nowIso, writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { type SchoolYearRow, yearDetail } from "../../kernel/school-year-view.ts";
import { findSchoolYearRow, listSchoolYearRows, listSchoolYears } from "../../kernel/school-years.ts";
import { deleteSession } from "../../kernel/sessions.ts";
import { AppError } from "../../lib/errors.ts";
import { readLevelsOffered, writeLevelsOffered } from "./levels-offered.ts";
import { forgetSchoolYears } from "./school-year-cache.ts";
import {
  copyYearSettings,
  deleteSchoolYear,
  fileCounts,
  findLatestSchoolYear,
  insertSchoolYear,
  labelTaken,
  makeCurrent,
  sessionIdsOfYear,
  updateSchoolYearIf,
  yearHasFiles,
} from "./school-years.repository.ts";

export interface Actor {
  userId: number;
  ip: string;
  lang: Language;
}

const WINDOW_COLUMNS = {
  new: { opens: "new_opens_on", closes: "new_closes_on", closed: "new_closed_at" },
  reenrollment: { opens: "re_opens_on", closes: "re_closes_on", closed: "re_closed_at" },
} as const;

async function detailOf(db: Db, row: SchoolYearRow): Promise<SchoolYearDetail> {
  const counts = await fileCounts(db);
  return yearDetail(row, schoolDay(), {
    fileCount: counts.get(row.id) ?? 0,
    levelsOffered: await readLevelsOffered(db, row.id),
  });
}

/** Every write to a year: once it is committed (or rolled back), the cached rows are forgotten. */
async function writeYears<T>(ctx: AppContext, work: (trx: Db) => Promise<T>): Promise<T> {
  try {
    return await writeTransaction(ctx.db, ctx.engine, work);
  } finally {
    forgetSchoolYears();
  }
}

async function rowOr404(db: Db, id: number): Promise<SchoolYearRow> {
  const row = await findSchoolYearRow(db, id);
  if (!row) throw new AppError(404, "NOT_FOUND");
  return row;
}

/** Two years never share a school day: the dates of one are refused on `startsOn` (409). */
async function assertNoOverlap(db: Db, dates: { startsOn: string; endsOn: string }, exceptId?: number) {
  const other = (await listSchoolYearRows(db)).find(
    (row) => row.id !== exceptId && row.starts_on <= dates.endsOn && dates.startsOn <= row.ends_on,
  );
  if (other) throw new AppError(409, "SCHOOL_YEAR_OVERLAP", { label: other.label }, { startsOn: "" });
}

export async function listYears(ctx: AppContext): Promise<{ items: SchoolYearDetail[] }> {
  const today = schoolDay();
  const counts = await fileCounts(ctx.db);
  const items: SchoolYearDetail[] = [];
  for (const row of await listSchoolYearRows(ctx.db)) {
    items.push(
      yearDetail(row, today, {
        fileCount: counts.get(row.id) ?? 0,
        levelsOffered: await readLevelsOffered(ctx.db, row.id),
      }),
    );
  }
  return { items };
}

/**
 * Opens the next year. In the same transaction it copies what a year needs from the latest one:
 * every `year.<previous>.*` setting (notices, §9 constants, levels offered), so re-enrollment into
 * it works once its window opens. Its windows start closed (no dates) and it is not current.
 */
export async function createYear(ctx: AppContext, actor: Actor, input: SchoolYearCreateInput) {
  const label = input.label.trim();
  return writeYears(ctx, async (trx) => {
    if (await labelTaken(trx, label)) {
      const field = translate(actor.lang, "errors:SCHOOL_YEAR_LABEL_TAKEN");
      throw new AppError(409, "SCHOOL_YEAR_LABEL_TAKEN", {}, { label: field });
    }
    await assertNoOverlap(trx, input);
    const previous = await findLatestSchoolYear(trx);
    const id = await insertSchoolYear(trx, { label, startsOn: input.startsOn, endsOn: input.endsOn });
    const copied = previous ? await copyYearSettings(trx, previous.id, id) : [];
    await recordAudit(trx, {
      event: "schoolYear.created",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: {
        schoolYearId: id,
        label,
        startsOn: input.startsOn,
        endsOn: input.endsOn,
        copiedFrom: previous?.label ?? null,
        copiedSettings: copied.length,
      },
    });
    return detailOf(trx, await rowOr404(trx, id));
  });
}

/** The school days and the levels offered, version-guarded (a stale version: 409, reload). */
export async function updateYear(ctx: AppContext, actor: Actor, id: number, input: SchoolYearUpdateInput) {
  return writeYears(ctx, async (trx) => {
    const row = await rowOr404(trx, id);
    if (row.version !== input.version) throw new AppError(409, "VERSION_CONFLICT");
    await assertNoOverlap(trx, input, id);
    const levelsBefore = await readLevelsOffered(trx, id);
    const ok = await updateSchoolYearIf(trx, id, input.version, { starts_on: input.startsOn, ends_on: input.endsOn });
    if (!ok) throw new AppError(409, "VERSION_CONFLICT");
    await writeLevelsOffered(trx, id, input.levelsOffered);
    await recordAudit(trx, {
      event: "schoolYear.updated",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: {
        schoolYearId: id,
        label: row.label,
        before: { startsOn: row.starts_on, endsOn: row.ends_on, levelsOffered: levelsBefore },
        after: { startsOn: input.startsOn, endsOn: input.endsOn, levelsOffered: input.levelsOffered },
      },
    });
    return detailOf(trx, await rowOr404(trx, id));
  });
}

/**
 * Sets one window's dates (or clears them: no window). Saving reopens a window closed early, and
 * turns the year's legacy `enrollment_open` switch off: from then on only dates open a window.
 */
export async function setWindow(
  ctx: AppContext,
  actor: Actor,
  id: number,
  kind: WindowKind,
  input: SchoolYearWindowInput,
) {
  return writeYears(ctx, async (trx) => {
    const row = await rowOr404(trx, id);
    if (row.version !== input.version) throw new AppError(409, "VERSION_CONFLICT");
    const problem = windowRangeProblem(input, { startsOn: row.starts_on, endsOn: row.ends_on });
    if (problem) {
      const message = translate(actor.lang, `validation:${problem.message.slice("validation.".length)}`);
      throw new AppError(400, "VALIDATION_ERROR", {}, { [problem.field]: message });
    }
    const columns = WINDOW_COLUMNS[kind];
    const ok = await updateSchoolYearIf(trx, id, input.version, {
      [columns.opens]: input.opensOn,
      [columns.closes]: input.closesOn,
      [columns.closed]: null,
      enrollment_open: 0,
    });
    if (!ok) throw new AppError(409, "VERSION_CONFLICT");
    await recordAudit(trx, {
      event: "schoolYear.windowChanged",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: {
        schoolYearId: id,
        label: row.label,
        window: kind,
        opensOn: input.opensOn,
        closesOn: input.closesOn,
        before: { opensOn: row[columns.opens], closesOn: row[columns.closes], closedAt: row[columns.closed] },
      },
    });
    return detailOf(trx, await rowOr404(trx, id));
  });
}

/** Closes a window now, keeping its planned dates on the screen. Closing a closed one changes nothing. */
export async function closeWindow(ctx: AppContext, actor: Actor, id: number, kind: WindowKind) {
  return writeYears(ctx, async (trx) => {
    const row = await rowOr404(trx, id);
    const detail = await detailOf(trx, row);
    const window = kind === "new" ? detail.newEnrollment : detail.reEnrollment;
    if (!window.open) return detail;
    const closedAt = nowIso();
    await updateSchoolYearIf(trx, id, row.version, { [WINDOW_COLUMNS[kind].closed]: closedAt });
    await recordAudit(trx, {
      event: "schoolYear.windowClosed",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { schoolYearId: id, label: row.label, window: kind, closedAt },
    });
    return detailOf(trx, await rowOr404(trx, id));
  });
}

/** Makes a year the current one; the previous current year loses the flag in the same transaction. */
export async function setCurrentYear(ctx: AppContext, actor: Actor, id: number) {
  return writeYears(ctx, async (trx) => {
    const row = await rowOr404(trx, id);
    if (row.is_current === 1) return detailOf(trx, row);
    const previous = (await listSchoolYearRows(trx)).find((year) => year.is_current === 1);
    await makeCurrent(trx, id);
    await recordAudit(trx, {
      event: "schoolYear.currentChanged",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { schoolYearId: id, from: previous?.label ?? null, to: row.label },
    });
    return detailOf(trx, await rowOr404(trx, id));
  });
}

/** Deletes a year with no file and not current; sessions signed in to it end. */
export async function deleteYear(ctx: AppContext, actor: Actor, id: number): Promise<{ id: number }> {
  return writeYears(ctx, async (trx) => {
    const row = await rowOr404(trx, id);
    if (row.is_current === 1) throw new AppError(409, "SCHOOL_YEAR_IS_CURRENT");
    if (await yearHasFiles(trx, id)) throw new AppError(409, "SCHOOL_YEAR_HAS_FILES");
    for (const sessionId of await sessionIdsOfYear(trx, id)) await deleteSession(trx, sessionId);
    await deleteSchoolYear(trx, id);
    await recordAudit(trx, {
      event: "schoolYear.deleted",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { schoolYearId: id, label: row.label },
    });
    return { id };
  });
}

/**
 * The years a family may act in at `now` (`familyMayAct`: the current one, or one with a window
 * open): the automatic reminders stop for the others (docs/rules/reminders.md).
 */
export async function yearsFamiliesMayActIn(ctx: AppContext, now: Date): Promise<{ id: number; label: string }[]> {
  return (await listSchoolYears(ctx.db, now))
    .filter((year) => year.familyMayAct)
    .map((year) => ({ id: year.id, label: year.label }));
}
