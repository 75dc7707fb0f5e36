import { isFamilyRole, type Role } from "@portal/shared/roles";
import type { Hold, HoldCreateInput } from "@portal/shared/schemas/retention";
import type { AppContext } from "../../context.ts";
import { nowIso, writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError } from "../../lib/errors.ts";
import {
  deleteHold,
  findFamilyByEmail,
  findHold,
  findRequestByCode,
  insertHold,
  listHolds,
} from "./retention.repository.ts";

/**
 * Legal holds (docs/rules/data-protection.md "Legal holds"): the Admin keeps a family or a request
 * out of every purge (a claim, an inspection). Nothing under a hold is removed; the preview and
 * the report show it as kept, with the hold's reason. Releasing a hold deletes it; both are audited.
 */

type Actor = { userId: number; ip: string };

export async function listRetentionHolds(ctx: AppContext): Promise<{ items: Hold[] }> {
  const rows = await listHolds(ctx.db);
  return {
    items: rows.map((row) => ({
      id: row.id,
      target: row.request_id !== null ? ("request" as const) : ("family" as const),
      label:
        row.request_id !== null
          ? `${row.request_code ?? `#${row.request_id}`} · ${row.request_student ?? ""}`.trim()
          : (row.family_email ?? `#${row.family_user_id}`),
      reason: row.reason,
      createdAt: row.created_at,
      createdBy: row.author_email ?? null,
    })),
  };
}

/** The family or request the Admin named: a family by one of its accounts' e-mail, a request by its code. */
async function resolveTarget(ctx: AppContext, input: HoldCreateInput) {
  if (input.target === "request") {
    const request = await findRequestByCode(ctx.db, input.reference);
    if (!request) throw new AppError(404, "RETENTION_HOLD_TARGET_NOT_FOUND");
    return { family_user_id: null, request_id: request.id, subjectUserId: request.user_id };
  }
  const account = await findFamilyByEmail(ctx.db, input.reference.toLowerCase());
  if (!account || !isFamilyRole(account.role as Role)) throw new AppError(404, "RETENTION_HOLD_TARGET_NOT_FOUND");
  const familyId = account.household_owner_id ?? account.id;
  return { family_user_id: familyId, request_id: null, subjectUserId: familyId };
}

export async function placeHold(ctx: AppContext, actor: Actor, input: HoldCreateInput): Promise<Hold> {
  const target = await resolveTarget(ctx, input);
  const id = await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const holdId = await insertHold(trx, {
      family_user_id: target.family_user_id,
      request_id: target.request_id,
      reason: input.reason,
      created_by: actor.userId,
      created_at: nowIso(),
    });
    await recordAudit(trx, {
      event: "retention.holdPlaced",
      actorUserId: actor.userId,
      subjectUserId: target.subjectUserId,
      ip: actor.ip,
      details: { holdId, target: input.target, requestId: target.request_id },
    });
    return holdId;
  });
  const hold = (await listRetentionHolds(ctx)).items.find((item) => item.id === id);
  if (!hold) throw new Error("the hold just placed is gone");
  return hold;
}

export async function releaseHold(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const hold = await findHold(ctx.db, id);
  if (!hold) throw new AppError(404, "NOT_FOUND");
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    await deleteHold(trx, id);
    await recordAudit(trx, {
      event: "retention.holdReleased",
      actorUserId: actor.userId,
      subjectUserId: hold.family_user_id,
      ip: actor.ip,
      details: { holdId: id, requestId: hold.request_id },
    });
  });
}
