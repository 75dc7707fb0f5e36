import type { Language } from "@portal/shared/languages";
import type {
  BreachDetail,
  breachAuthoritySchema,
  breachCreateSchema,
  breachUpdateSchema,
} from "@portal/shared/schemas/breaches";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { type Db, nowIso, writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError, conflict, notFound } from "../../lib/errors.ts";
import { detailOf, familyOf, schoolToday, summaryOf } from "./breach-view.ts";
import {
  type BreachRow,
  type BreachValues,
  familiesByIds,
  findBreach,
  insertBreach,
  listBreaches,
  schoolYearExists,
  searchFamilies,
  selectedFamilies,
  setBreachFamilies,
  updateBreach,
} from "./breaches.repository.ts";

/**
 * The breach register (Settings › Data breaches, the Admin's alone by `breachesManage`;
 * docs/rules/data-protection.md "Breach register"): incidents, their clocks, the Authority's notice.
 * Every change is audited; the families' notice is breach-notice.service.ts.
 */

export interface Actor {
  userId: number;
  ip: string;
  lang: Language;
}

type CreateInput = z.output<typeof breachCreateSchema>;
type UpdateInput = z.output<typeof breachUpdateSchema>;

export async function listBreachRegister(ctx: AppContext, now = new Date()) {
  const today = schoolToday(now);
  return { items: (await listBreaches(ctx.db)).map((row) => summaryOf(row, today)) };
}

export async function breachOrThrow(db: Db, id: number): Promise<BreachRow> {
  const row = await findBreach(db, id);
  if (!row) throw notFound("BREACH_NOT_FOUND");
  return row;
}

export async function getBreach(ctx: AppContext, id: number, now = new Date()): Promise<BreachDetail> {
  const row = await breachOrThrow(ctx.db, id);
  return detailOf(row, await selectedFamilies(ctx.db, id), schoolToday(now));
}

/** The stored columns of a valid input; an unknown school year or family is a 400 naming the field. */
async function valuesOf(db: Db, input: CreateInput): Promise<{ values: BreachValues; familyIds: number[] }> {
  const familyIds = input.familyScope === "selected" ? [...new Set(input.familyIds)] : [];
  const schoolYearId = input.familyScope === "schoolYear" ? input.schoolYearId : null;
  if (schoolYearId !== null && !(await schoolYearExists(db, schoolYearId))) {
    throw new AppError(400, "BREACH_SCHOOL_YEAR_UNKNOWN");
  }
  if ((await familiesByIds(db, familyIds)).length !== familyIds.length) {
    throw new AppError(400, "BREACH_FAMILY_UNKNOWN");
  }
  return {
    familyIds,
    values: {
      title: input.title,
      description: input.description,
      occurred_at: input.occurredAt,
      discovered_at: input.discoveredAt,
      categories: JSON.stringify(input.categories),
      family_scope: input.familyScope,
      school_year_id: schoolYearId,
      rights_at_risk: input.rightsAtRisk ? 1 : 0,
      measures: input.measures,
      contact: input.contact,
    },
  };
}

export async function createBreach(ctx: AppContext, actor: Actor, input: CreateInput): Promise<BreachDetail> {
  const id = await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const { values, familyIds } = await valuesOf(trx, input);
    const id = await insertBreach(trx, values, actor.userId, nowIso());
    await setBreachFamilies(trx, id, familyIds);
    await recordAudit(trx, {
      event: "breach.recorded",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { breachId: id, families: familyIds.length, scope: input.familyScope },
    });
    return id;
  });
  return getBreach(ctx, id);
}

export async function editBreach(ctx: AppContext, actor: Actor, id: number, input: UpdateInput): Promise<BreachDetail> {
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    await breachOrThrow(trx, id);
    const { values, familyIds } = await valuesOf(trx, input);
    if (!(await updateBreach(trx, id, input.version, values, nowIso()))) throw conflict("VERSION_CONFLICT");
    await setBreachFamilies(trx, id, familyIds);
    await recordAudit(trx, {
      event: "breach.updated",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { breachId: id, families: familyIds.length, scope: input.familyScope },
    });
  });
  return getBreach(ctx, id);
}

/** "Authority notified": closes the Authority's clock on the day given, with its reference. */
export async function recordAuthorityNotice(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: z.output<typeof breachAuthoritySchema>,
  now = new Date(),
): Promise<BreachDetail> {
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const row = await breachOrThrow(trx, id);
    if (input.notifiedOn < row.discovered_at.slice(0, 10) || input.notifiedOn > schoolToday(now)) {
      throw new AppError(400, "BREACH_NOTIFIED_ON_RANGE");
    }
    const changes = { authority_notified_on: input.notifiedOn, authority_reference: input.reference };
    if (!(await updateBreach(trx, id, input.version, changes, nowIso()))) throw conflict("VERSION_CONFLICT");
    await recordAudit(trx, {
      event: "breach.authorityNotified",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { breachId: id, notifiedOn: input.notifiedOn },
    });
  });
  return getBreach(ctx, id);
}

/** Words of a search, lower-cased, with the LIKE wildcards escaped. */
function searchWords(q: string): string[] {
  return q
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 5)
    .map((word) => word.replace(/[\\%_]/g, (c) => `\\${c}`));
}

/** The family picker: up to 20 families by a representative's name or e-mail, or a child's name. */
export async function findFamilies(ctx: AppContext, q: string) {
  return { items: (await searchFamilies(ctx.db, searchWords(q), 20)).map(familyOf) };
}
