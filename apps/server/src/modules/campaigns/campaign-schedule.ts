import { dueReminder } from "@portal/shared/rules/campaign-reminders";
import { schoolDay } from "@portal/shared/rules/school-year-windows";
import type { AppContext } from "../../context.ts";
import { nowIso, writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { sendFamilyMail } from "./campaign-mail.service.ts";
import {
  type CampaignRow,
  campaignsToOpen,
  claimOpening,
  coveredChildren,
  familiesOf,
  findCampaign,
  findCampaignFamily,
  insertCovered,
  runningCampaigns,
} from "./campaigns.repository.ts";

/**
 * How often server.ts runs the sweep: hourly, so a campaign opens and a reminder leaves early on
 * its day (and after a restart). `opened_at` and `campaign_sends` keep each e-mail to one,
 * whichever process runs it.
 */
export const CAMPAIGN_SWEEP_INTERVAL_MS = 3_600_000;

export const reminderDaysOf = (row: Pick<CampaignRow, "reminder_days">): number[] =>
  (JSON.parse(row.reminder_days) as unknown[]).map(Number);
export const levelsOf = (row: Pick<CampaignRow, "levels">): string[] =>
  (JSON.parse(row.levels) as unknown[]).map(String);

/**
 * Opens a campaign (docs/rules/campaigns.md "The campaign"): in one transaction, claims it, writes the
 * families and children it covers as of now, and queues each family's e-mail in the outbox (so a
 * mail server down only delays them). False when it was opened already.
 */
export async function openCampaign(ctx: AppContext, id: number, actorUserId: number | null = null): Promise<boolean> {
  const opened = await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const now = nowIso();
    if (!(await claimOpening(trx, id, now))) return false;
    const row = (await findCampaign(trx, id))!;
    const children = await coveredChildren(trx, row.school_year_id, levelsOf(row));
    await insertCovered(trx, id, children);
    let mailed = 0;
    for (const family of await familiesOf(trx, id, false)) {
      if (await sendFamilyMail(ctx, trx, row, family.family_user_id, "opening", now)) mailed++;
    }
    await recordAudit(trx, {
      event: "campaign.opened",
      actorUserId,
      ip: "",
      details: { campaignId: id, children: children.length, families: mailed },
    });
    return true;
  });
  if (opened) ctx.outbox.kick();
  return opened;
}

/**
 * The sweep: opens the campaigns whose day has come, then sends the reminder due today to each
 * family that has not answered (the answer is checked again in the send's transaction, so an answer
 * given meanwhile stops it). `now` is the clock, so tests move it instead of waiting.
 */
export async function sweepCampaigns(
  ctx: AppContext,
  now = new Date(),
): Promise<{ opened: number[]; reminded: number }> {
  const today = schoolDay(now);
  const opened: number[] = [];
  for (const { id } of await campaignsToOpen(ctx.db, today)) {
    if (await openCampaign(ctx, id)) opened.push(id);
  }
  let reminded = 0;
  for (const { id } of await runningCampaigns(ctx.db, today)) {
    const row = (await findCampaign(ctx.db, id))!;
    const openedOn = schoolDay(new Date(row.opened_at!));
    const step = dueReminder(reminderDaysOf(row), { deadline: row.deadline, openedOn }, today);
    if (step === null) continue;
    let families = 0;
    for (const family of await familiesOf(ctx.db, id, true)) {
      const sent = await writeTransaction(ctx.db, ctx.engine, async (trx) => {
        const current = await findCampaignFamily(trx, id, family.family_user_id);
        if (current?.answered_at !== null) return false;
        return sendFamilyMail(ctx, trx, row, family.family_user_id, String(step), nowIso());
      });
      if (sent) families++;
    }
    if (families > 0) {
      await recordAudit(ctx.db, {
        event: "campaign.remindersSent",
        ip: "",
        details: { campaignId: id, daysBefore: step, families },
      });
      reminded += families;
    }
  }
  if (reminded > 0) ctx.outbox.kick();
  return { opened, reminded };
}
