import type { AppContext } from "../../context.ts";
import { nowIso, writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError } from "../../lib/errors.ts";
import {
  deleteOrganization,
  deletePosition,
  insertOrganization,
  insertPosition,
  listOrganizations,
  listPositions,
  organizationHasLists,
  organizationNameTaken,
  positionCodeTaken,
  updateOrganization,
  updatePosition,
} from "./election-catalog.repository.ts";
import type { Actor } from "./election-guards.ts";

/** Settings › positions and organizations (Admin). Names only: nothing personal, still audited. */

/**
 * The positions the count names (election-result.ts `titular`/`substitute`, seeded at every start
 * by seeds/reference-data.ts): renamed freely, but their code never changes and they are never
 * deleted, or the next start would seed them again beside the renamed ones.
 */
export const PROTECTED_POSITION_CODES: readonly string[] = ["titular", "substitute"];

type PositionInput = { code: string; nameEs: string; nameEn: string; nameFr: string; sortOrder: number };
type OrganizationInput = { name: string; acronym?: string | undefined; description?: string | undefined };

const positionView = (row: Awaited<ReturnType<typeof listPositions>>[number]) => ({
  id: row.id,
  code: row.code,
  nameEs: row.name_es,
  nameEn: row.name_en,
  nameFr: row.name_fr,
  sortOrder: row.sort_order,
  protected: PROTECTED_POSITION_CODES.includes(row.code),
});

const organizationView = (row: Awaited<ReturnType<typeof listOrganizations>>[number]) => ({
  id: row.id,
  name: row.name,
  acronym: row.acronym,
  description: row.description,
});

export async function positions(ctx: AppContext) {
  return { items: (await listPositions(ctx.db)).map(positionView) };
}

export async function savePosition(ctx: AppContext, actor: Actor, id: number | null, input: PositionInput) {
  return writeTransaction(ctx.db, ctx.engine, async (trx) => {
    if (await positionCodeTaken(trx, input.code, id ?? undefined)) throw new AppError(409, "ELECTION_POSITION_TAKEN");
    if (id !== null) {
      const before = (await listPositions(trx)).find((p) => p.id === id);
      if (!before) throw new AppError(404, "NOT_FOUND");
      if (PROTECTED_POSITION_CODES.includes(before.code) && before.code !== input.code) {
        throw new AppError(409, "ELECTION_POSITION_PROTECTED");
      }
    }
    const values = {
      code: input.code,
      name_es: input.nameEs,
      name_en: input.nameEn,
      name_fr: input.nameFr,
      sort_order: input.sortOrder,
    };
    let positionId = id;
    if (positionId === null) positionId = await insertPosition(trx, values);
    else if (!(await updatePosition(trx, positionId, values))) throw new AppError(404, "NOT_FOUND");
    await recordAudit(trx, {
      event: "election.positionSaved",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { positionId, ...values },
    });
    const row = (await listPositions(trx)).find((p) => p.id === positionId);
    if (!row) throw new AppError(404, "NOT_FOUND");
    return positionView(row);
  });
}

export async function organizations(ctx: AppContext) {
  return { items: (await listOrganizations(ctx.db)).map(organizationView) };
}

export async function saveOrganization(ctx: AppContext, actor: Actor, id: number | null, input: OrganizationInput) {
  return writeTransaction(ctx.db, ctx.engine, async (trx) => {
    if (await organizationNameTaken(trx, input.name, id ?? undefined))
      throw new AppError(409, "ELECTION_ORGANIZATION_TAKEN");
    const now = nowIso();
    const values = {
      name: input.name,
      acronym: input.acronym || null,
      description: input.description || null,
      updated_at: now,
    };
    let organizationId = id;
    if (organizationId === null) organizationId = await insertOrganization(trx, { ...values, created_at: now });
    else if (!(await updateOrganization(trx, organizationId, values))) throw new AppError(404, "NOT_FOUND");
    await recordAudit(trx, {
      event: "election.organizationSaved",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { organizationId, name: values.name },
    });
    const row = (await listOrganizations(trx)).find((o) => o.id === organizationId);
    if (!row) throw new AppError(404, "NOT_FOUND");
    return organizationView(row);
  });
}

export async function removePosition(ctx: AppContext, actor: Actor, id: number) {
  return writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const row = (await listPositions(trx)).find((p) => p.id === id);
    if (!row) throw new AppError(404, "NOT_FOUND");
    if (PROTECTED_POSITION_CODES.includes(row.code)) throw new AppError(409, "ELECTION_POSITION_PROTECTED");
    await deletePosition(trx, id);
    await recordAudit(trx, {
      event: "election.positionDeleted",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { positionId: id, code: row.code, nameEs: row.name_es },
    });
  });
}

/** An organization that presented a list in any election stays: the lists and results name it. */
export async function removeOrganization(ctx: AppContext, actor: Actor, id: number) {
  return writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const row = (await listOrganizations(trx)).find((o) => o.id === id);
    if (!row) throw new AppError(404, "NOT_FOUND");
    if (await organizationHasLists(trx, id)) throw new AppError(409, "ELECTION_ORGANIZATION_IN_USE");
    await deleteOrganization(trx, id);
    await recordAudit(trx, {
      event: "election.organizationDeleted",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { organizationId: id, name: row.name },
    });
  });
}
