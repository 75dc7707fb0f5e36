import { translate } from "@portal/i18n/translate";
import type { Language } from "@portal/shared/languages";
import { schoolDay } from "@portal/shared/rules/school-year-windows";
import type {
  CampaignAnswerRow,
  CampaignDetail,
  CampaignFigure,
  campaignCreateSchema,
  campaignUpdateSchema,
} from "@portal/shared/schemas/campaigns";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { type Db, nowIso, writeTransaction } from "../../db/database.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError, conflict, notFound } from "../../lib/errors.ts";
import { catalogEntries } from "../catalogs/catalog-entries.service.ts";
import { levelsOf, openCampaign } from "./campaign-schedule.ts";
import { answerRowOf, detailOf, inFigure, summaryOf } from "./campaign-view.ts";
import {
  type CampaignRow,
  type CampaignValues,
  childrenOf,
  familyCounts,
  findCampaign,
  insertCampaign,
  listCampaignRows,
  schoolYearExists,
  sendsOf,
  updateCampaign,
  yearHasCampaign,
} from "./campaigns.repository.ts";

/**
 * The staff's re-enrollment campaigns (`campaignsManage`: Admin and Secretaria;
 * docs/rules/campaigns.md): one per school year, created, edited, opened at once when its day has
 * come, its figures and lists. Every change is audited.
 */

export interface Actor {
  userId: number;
  ip: string;
  lang: Language;
}

type CreateInput = z.output<typeof campaignCreateSchema>;
type UpdateInput = z.output<typeof campaignUpdateSchema>;

export async function campaignOrThrow(db: Db, id: number): Promise<CampaignRow> {
  const row = await findCampaign(db, id);
  if (!row) throw notFound("CAMPAIGN_NOT_FOUND");
  return row;
}

export async function listCampaigns(ctx: AppContext, now = new Date()) {
  const today = schoolDay(now);
  const items = [];
  for (const row of await listCampaignRows(ctx.db))
    items.push(summaryOf(row, await familyCounts(ctx.db, row.id), today));
  return { items };
}

export async function reasonLabels(db: Db, lang: Language): Promise<Map<string, string>> {
  return new Map((await catalogEntries(db, "leavingReasons", lang)).map((entry) => [entry.code, entry.label]));
}

export async function getCampaign(
  ctx: AppContext,
  id: number,
  lang: Language,
  now = new Date(),
): Promise<CampaignDetail> {
  const row = await campaignOrThrow(ctx.db, id);
  const summary = summaryOf(row, await familyCounts(ctx.db, id), schoolDay(now));
  return detailOf(
    summary,
    row,
    await childrenOf(ctx.db, id),
    await reasonLabels(ctx.db, lang),
    await sendsOf(ctx.db, id),
  );
}

/** The stored columns; the one text copied to every language when it is the same for all. */
function valuesOf(input: CreateInput | UpdateInput, lang: Language, today: string): CampaignValues {
  if (input.deadline < today) {
    const message = translate(lang, "validation:campaign.deadlinePast");
    throw new AppError(400, "VALIDATION_ERROR", {}, { deadline: message });
  }
  const same = input.sameMessage;
  return {
    opens_on: input.opensOn,
    deadline: input.deadline,
    levels: JSON.stringify(input.levels),
    same_message: same ? 1 : 0,
    message_es: input.message.es,
    message_en: same ? input.message.es : input.message.en,
    message_fr: same ? input.message.es : input.message.fr,
    reminder_days: JSON.stringify([...input.reminderDays].sort((a, b) => b - a)),
  };
}

/** Opens it now when its day has come (the sweep would within the hour; the staff see it at once). */
async function openIfDue(ctx: AppContext, id: number, actor: Actor, today: string) {
  const row = await campaignOrThrow(ctx.db, id);
  if (row.opened_at === null && row.opens_on <= today) await openCampaign(ctx, id, actor.userId);
}

export async function createCampaign(ctx: AppContext, actor: Actor, input: CreateInput, now = new Date()) {
  const today = schoolDay(now);
  const values = valuesOf(input, actor.lang, today);
  if (!(await schoolYearExists(ctx.db, input.schoolYearId))) throw new AppError(400, "CAMPAIGN_SCHOOL_YEAR_UNKNOWN");
  if (await yearHasCampaign(ctx.db, input.schoolYearId)) throw conflict("CAMPAIGN_EXISTS");
  let id: number;
  try {
    id = await writeTransaction(ctx.db, ctx.engine, async (trx) => {
      const created = await insertCampaign(
        trx,
        { ...values, school_year_id: input.schoolYearId, created_by: actor.userId },
        nowIso(),
      );
      await recordAudit(trx, {
        event: "campaign.created",
        actorUserId: actor.userId,
        ip: actor.ip,
        details: {
          campaignId: created,
          schoolYearId: input.schoolYearId,
          opensOn: input.opensOn,
          deadline: input.deadline,
        },
      });
      return created;
    });
  } catch (error) {
    // Two staff creating the year's campaign at once: the unique index lets one through.
    if (isUniqueViolation(error)) throw conflict("CAMPAIGN_EXISTS");
    throw error;
  }
  await openIfDue(ctx, id, actor, today);
  return getCampaign(ctx, id, actor.lang, now);
}

/**
 * Edits a campaign. Once open, its families and children are fixed: the opening date and the
 * levels no longer change (409); the deadline, the message and the reminders still do.
 */
export async function editCampaign(ctx: AppContext, actor: Actor, id: number, input: UpdateInput, now = new Date()) {
  const today = schoolDay(now);
  const row = await campaignOrThrow(ctx.db, id);
  const values = valuesOf(input, actor.lang, today);
  if (row.opened_at !== null && (values.opens_on !== row.opens_on || values.levels !== JSON.stringify(levelsOf(row)))) {
    throw conflict("CAMPAIGN_ALREADY_OPEN");
  }
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    if (!(await updateCampaign(trx, id, input.version, values, nowIso()))) throw conflict("VERSION_CONFLICT");
    await recordAudit(trx, {
      event: "campaign.updated",
      actorUserId: actor.userId,
      ip: actor.ip,
      details: { campaignId: id, opensOn: input.opensOn, deadline: input.deadline, reminderDays: input.reminderDays },
    });
  });
  await openIfDue(ctx, id, actor, today);
  return getCampaign(ctx, id, actor.lang, now);
}

/** The children behind one figure, of one level or all: family, child, answer, reason, date. */
export async function listAnswers(
  ctx: AppContext,
  id: number,
  query: { figure: CampaignFigure; level?: string | undefined },
  lang: Language,
): Promise<CampaignAnswerRow[]> {
  await campaignOrThrow(ctx.db, id);
  const labels = await reasonLabels(ctx.db, lang);
  return (await childrenOf(ctx.db, id))
    .filter((child) => inFigure(query.figure, child.answer))
    .filter((child) => query.level === undefined || child.level_code === query.level)
    .map((child) => answerRowOf(child, labels));
}

/**
 * The families behind one figure of a campaign, of one level or all (a family counts once, whichever
 * of its children is in the figure), and the campaign's school year: a message's audience
 * (docs/rules/messages.md "Audience"). 404 for an unknown campaign.
 */
export async function campaignFigureFamilies(
  ctx: AppContext,
  query: { campaignId: number; figure: CampaignFigure; level?: string | undefined },
): Promise<{ schoolYearId: number; families: number[] }> {
  const campaign = await campaignOrThrow(ctx.db, query.campaignId);
  const families = new Set(
    (await childrenOf(ctx.db, campaign.id))
      .filter((child) => inFigure(query.figure, child.answer))
      .filter((child) => query.level === undefined || child.level_code === query.level)
      .map((child) => Number(child.family_user_id)),
  );
  return { schoolYearId: Number(campaign.school_year_id), families: [...families] };
}
