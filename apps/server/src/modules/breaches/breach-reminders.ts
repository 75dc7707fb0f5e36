import { DEFAULT_LANGUAGE, isLanguage } from "@portal/shared/languages";
import { clockNeedsReminder } from "@portal/shared/rules/breach-clocks";
import type { AppContext } from "../../context.ts";
import { nowIso, writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { renderBreachReminder } from "../../mail/breach-reminder.ts";
import { queueMail } from "../../mail/outbox.ts";
import { publicLink } from "../auth/links.ts";
import { getIdentity } from "../settings/identity.service.ts";
import { clocksOf, schoolToday } from "./breach-view.ts";
import { activeAdmins, claimReminder, openBreaches } from "./breaches.repository.ts";

/**
 * How often server.ts runs the sweep. Hourly, so a reminder goes out early in the school's day
 * (and after a restart); `breach_reminders` keeps it to one per incident and school day, whichever
 * process runs it.
 */
export const BREACH_REMINDER_INTERVAL_MS = 3_600_000;

const DETAIL_PATH = "/portal/dashboards/settings/data-breaches";

/**
 * The clocks are "shown and reminded" (docs/rules/data-protection.md "Breach register"): every
 * incident with a clock open and due within a working day, or late, e-mails each active Admin,
 * once per school day. Returns the incidents reminded.
 */
export async function remindBreachClocks(ctx: AppContext, now = new Date()): Promise<number[]> {
  const today = schoolToday(now);
  const reminded: number[] = [];
  for (const row of await openBreaches(ctx.db)) {
    const clocks = clocksOf(row, today);
    const authority = clockNeedsReminder(clocks.authority) ? clocks.authority : null;
    const families = clockNeedsReminder(clocks.families) ? clocks.families : null;
    if (!authority && !families) continue;
    const sent = await writeTransaction(ctx.db, ctx.engine, async (trx) => {
      if (!(await claimReminder(trx, row.id, today, nowIso()))) return false;
      const school = (await getIdentity(ctx, trx)).schoolName;
      const admins = await activeAdmins(trx);
      for (const admin of admins) {
        const language = isLanguage(admin.language) ? admin.language : DEFAULT_LANGUAGE;
        const { to, subject, text, html } = renderBreachReminder({
          language,
          to: admin.email,
          school,
          title: row.title,
          authority,
          families,
          link: publicLink(ctx, `${DETAIL_PATH}/${row.id}`),
        });
        await queueMail(ctx, trx, { kind: "breachReminder", userId: admin.id, to, subject, text, html });
      }
      await recordAudit(trx, {
        event: "breach.reminderSent",
        ip: "",
        details: {
          breachId: row.id,
          admins: admins.length,
          authority: Boolean(authority),
          families: Boolean(families),
        },
      });
      return true;
    });
    if (sent) reminded.push(row.id);
  }
  if (reminded.length > 0) ctx.outbox.kick();
  return reminded;
}
