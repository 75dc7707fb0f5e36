import { translate } from "@portal/i18n/translate";
import type { Language } from "@portal/shared/languages";
import { schoolDay } from "@portal/shared/rules/school-year-windows";
import type { CampaignAnswer, FamilyCampaign } from "@portal/shared/schemas/campaigns";
import type { AppContext } from "../../context.ts";
import { nowIso, writeTransaction } from "../../db/database.ts";
import { sha256 } from "../../lib/crypto.ts";
import { AppError } from "../../lib/errors.ts";
import type { CurrentUser } from "../../plugins/request-types.ts";
import { catalogEntries } from "../catalogs/catalog-entries.service.ts";
import { getIdentity } from "../settings/identity.service.ts";
import { messageIn } from "./campaign-mail.service.ts";
import {
  type CampaignRow,
  childrenOf,
  familyCampaignIds,
  findCampaign,
  findCampaignFamily,
  findLink,
  markFamilyAnswered,
  saveChildAnswer,
} from "./campaigns.repository.ts";

/**
 * A family's answer to a re-enrollment campaign (docs/rules/campaigns.md "Answering"), signed in
 * (`enrollmentOwn`) or through its e-mailed link, whose token stands for that family and that
 * campaign only: the same form, the same checks. Answers may change until the deadline, included.
 */

export interface ChildAnswerInput {
  studentId: number;
  answer: CampaignAnswer;
  reasonCode?: string | undefined;
}

/** The school's contact a closed form names: its name and the address its e-mails come from. */
async function contactOf(ctx: AppContext) {
  const from = ctx.config.mailFrom;
  const email = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return { school: (await getIdentity(ctx)).schoolName, email: email.trim() };
}

async function closedError(ctx: AppContext, row: CampaignRow, lang: Language) {
  const contact = await contactOf(ctx);
  const deadline = new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${row.deadline}T00:00:00Z`),
  );
  return new AppError(410, "CAMPAIGN_CLOSED", { deadline, school: contact.school, email: contact.email });
}

async function formOf(ctx: AppContext, row: CampaignRow, familyId: number, lang: Language, today: string) {
  const family = await findCampaignFamily(ctx.db, row.id, familyId);
  const reasons = (await catalogEntries(ctx.db, "leavingReasons", lang)).filter((entry) => !entry.disabled);
  const form: FamilyCampaign = {
    id: row.id,
    schoolYearLabel: row.school_year_label,
    deadline: row.deadline,
    open: today <= row.deadline,
    message: messageIn(row, lang),
    contact: await contactOf(ctx),
    answeredAt: family?.answered_at ?? null,
    children: (await childrenOf(ctx.db, row.id, familyId)).map((child) => ({
      studentId: child.student_id,
      name: child.student_name,
      levelCode: child.level_code,
      answer: child.answer as CampaignAnswer | null,
      reasonCode: child.reason_code,
    })),
    reasons: reasons.map((entry) => ({ code: entry.code, label: entry.label })),
  };
  return form;
}

/** The signed-in family's campaigns, open or closed, newest first (the dashboard links the open one). */
export async function familyCampaigns(ctx: AppContext, user: CurrentUser, lang: Language, now = new Date()) {
  const today = schoolDay(now);
  const items: FamilyCampaign[] = [];
  for (const { campaign_id } of await familyCampaignIds(ctx.db, user.familyId)) {
    const row = await findCampaign(ctx.db, campaign_id);
    if (row) items.push(await formOf(ctx, row, user.familyId, lang, today));
  }
  return { items };
}

/**
 * Saves every covered child's answer at once. A child of another family is a 403 and nothing is
 * saved; the form must answer each of the family's children exactly once (400); a reason must be an
 * enabled entry of the leaving reasons; after the deadline, 410 naming whom to contact.
 */
async function saveAnswers(
  ctx: AppContext,
  row: CampaignRow,
  familyId: number,
  answers: readonly ChildAnswerInput[],
  by: { userId: number | null; via: "portal" | "link" },
  lang: Language,
  today: string,
) {
  if (today > row.deadline) throw await closedError(ctx, row, lang);
  const children = await childrenOf(ctx.db, row.id, familyId);
  const own = new Set(children.map((child) => child.student_id));
  if (answers.some((answer) => !own.has(answer.studentId))) throw new AppError(403, "NOT_YOUR_STUDENT");
  const answered = new Set(answers.map((answer) => answer.studentId));
  if (answered.size !== answers.length || answered.size !== own.size) throw new AppError(400, "CAMPAIGN_ANSWER_EACH");
  const reasons = new Set(
    (await catalogEntries(ctx.db, "leavingReasons", lang)).filter((e) => !e.disabled).map((e) => e.code),
  );
  answers.forEach((answer, index) => {
    if (answer.reasonCode !== undefined && !reasons.has(answer.reasonCode)) {
      const fields = { [`answers.${index}.reasonCode`]: translate(lang, "validation:choice") };
      throw new AppError(400, "VALIDATION_ERROR", {}, fields);
    }
  });
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const now = nowIso();
    for (const answer of answers) {
      await saveChildAnswer(
        trx,
        row.id,
        { studentId: answer.studentId, answer: answer.answer, reasonCode: answer.reasonCode ?? null },
        now,
      );
    }
    await markFamilyAnswered(trx, row.id, familyId, by, now);
  });
  return formOf(ctx, row, familyId, lang, today);
}

/** A signed-in family answering: a campaign it is not part of is a 404, like one that does not exist. */
export async function answerAsFamily(
  ctx: AppContext,
  user: CurrentUser,
  id: number,
  answers: readonly ChildAnswerInput[],
  lang: Language,
  now = new Date(),
) {
  const row = await findCampaign(ctx.db, id);
  if (!row?.opened_at || !(await findCampaignFamily(ctx.db, id, user.familyId))) {
    throw new AppError(404, "CAMPAIGN_NOT_FOUND");
  }
  return saveAnswers(ctx, row, user.familyId, answers, { userId: user.id, via: "portal" }, lang, schoolDay(now));
}

/**
 * The family and campaign a link's token stands for. An unknown token (mistyped, altered, made up)
 * is a 404 that says nothing of any family; past the deadline the link has expired: 410, whom to
 * contact.
 */
async function linkFamily(ctx: AppContext, token: string, lang: Language, today: string) {
  const link = await findLink(ctx.db, sha256(token));
  const row = link ? await findCampaign(ctx.db, link.campaign_id) : undefined;
  if (!link || !row) throw new AppError(404, "CAMPAIGN_LINK_INVALID");
  if (today > row.deadline) throw await closedError(ctx, row, lang);
  return { row, familyId: link.family_user_id };
}

export async function openLink(ctx: AppContext, token: string, lang: Language, now = new Date()) {
  const today = schoolDay(now);
  const { row, familyId } = await linkFamily(ctx, token, lang, today);
  return formOf(ctx, row, familyId, lang, today);
}

export async function answerByLink(
  ctx: AppContext,
  token: string,
  answers: readonly ChildAnswerInput[],
  lang: Language,
  now = new Date(),
) {
  const today = schoolDay(now);
  const { row, familyId } = await linkFamily(ctx, token, lang, today);
  return saveAnswers(ctx, row, familyId, answers, { userId: null, via: "link" }, lang, today);
}
