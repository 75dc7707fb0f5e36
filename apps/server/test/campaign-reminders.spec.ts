import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweepCampaigns } from "../src/modules/campaigns/campaign-schedule.ts";
import {
  campaignBody,
  campaignFamily,
  campaignYear,
  createCampaign,
  dayFromToday,
  enrolledChild,
  noonIn,
} from "./support/campaigns.ts";
import type { OwnDatabase } from "./support/own-database.ts";
import { startSmtp } from "./support/smtp.ts";
import { smtpOutboxApp } from "./support/smtp-outbox-app.ts";
import { call, signedInAs, type TestApp } from "./support/test-app.ts";

/*
 * A campaign's opening on its day and its reminders (docs/rules/campaigns.md "Reminders"), with the
 * sweep's clock moved by the test (`now`), never waited for. On a database of this spec's own, so
 * the sweep sees only its campaigns; the mail server is down at first: every e-mail waits in the
 * outbox, and goes out once when it is back.
 */

let t: TestApp;
let own: OwnDatabase;
let port: number;
let admin: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  ({ t, own, port } = await smtpOutboxApp("campaign-reminders"));
  admin = await signedInAs(t, "Admin", { language: "en" });
});
afterAll(async () => {
  await t.close();
  await own.drop();
});

const queued = async (kind: string) =>
  (await t.ctx.db.selectFrom("mail_outbox").select(["to_address", "status"]).where("kind", "=", kind).execute()).map(
    (row) => row.to_address,
  );

describe("the schedule", () => {
  it("opens on its day, reminds each family that has not answered once per step, and stops when it answers", async () => {
    const year = await campaignYear(t);
    const vera = await campaignFamily(t, "es");
    const soto = await campaignFamily(t, "fr");
    const veraChild = await enrolledChild(t, { familyId: vera.id, schoolYearId: year, name: "Ana Vera" });
    await enrolledChild(t, { familyId: soto.id, schoolYearId: year, name: "Léa Soto" });
    const campaign = await createCampaign(
      t,
      admin.cookie,
      campaignBody(year, { opensOn: dayFromToday(1), deadline: dayFromToday(21), reminderDays: [14, 7, 1] }),
    );
    expect(campaign.state).toBe("scheduled");
    expect(await sweepCampaigns(t.ctx, noonIn(0))).toEqual({ opened: [], reminded: 0 });
    expect(await queued("campaignOpened")).toEqual([]);

    // Its day: opened, one e-mail a family, in the outbox while the mail server is down.
    expect(await sweepCampaigns(t.ctx, noonIn(1))).toEqual({ opened: [campaign.id], reminded: 0 });
    expect((await queued("campaignOpened")).sort()).toEqual([vera.owner.email, soto.owner.email].sort());
    // Before the 14-day reminder's day: nothing; on it, both families; again that day or the next: nothing.
    expect((await sweepCampaigns(t.ctx, noonIn(6))).reminded).toBe(0);
    expect((await sweepCampaigns(t.ctx, noonIn(7))).reminded).toBe(2);
    expect((await sweepCampaigns(t.ctx, noonIn(7))).reminded).toBe(0);
    expect((await sweepCampaigns(t.ctx, noonIn(8))).reminded).toBe(0);
    // Two processes sweeping at once on the 7-day reminder's day: each family once.
    const both = await Promise.all([sweepCampaigns(t.ctx, noonIn(14)), sweepCampaigns(t.ctx, noonIn(14))]);
    expect(both[0].reminded + both[1].reminded).toBe(2);

    // Vera answers: the last reminder goes to Soto alone.
    const answered = await call(t, {
      method: "POST",
      url: `/api/family-campaigns/${campaign.id}/answers`,
      cookie: vera.cookie,
      payload: { answers: [{ studentId: veraChild, answer: "undecided" }] },
    });
    expect(answered.statusCode).toBe(200);
    expect((await sweepCampaigns(t.ctx, noonIn(20))).reminded).toBe(1);
    // After the deadline: nothing more.
    expect((await sweepCampaigns(t.ctx, noonIn(22))).reminded).toBe(0);
    const reminders = await queued("campaignReminder");
    expect(reminders.filter((to) => to === vera.owner.email)).toHaveLength(2);
    expect(reminders.filter((to) => to === soto.owner.email)).toHaveLength(3);

    // The campaign page's history: what was sent to whom.
    const detail = (
      await call(t, { method: "GET", url: `/api/campaigns/${campaign.id}`, cookie: admin.cookie })
    ).json();
    const sends = detail.sends.map((s: { step: string; recipients: string }) => `${s.step} ${s.recipients}`);
    expect(sends.sort()).toEqual(
      [
        `opening ${vera.owner.email}`,
        `opening ${soto.owner.email}`,
        `14 ${vera.owner.email}`,
        `14 ${soto.owner.email}`,
        `7 ${vera.owner.email}`,
        `7 ${soto.owner.email}`,
        `1 ${soto.owner.email}`,
      ].sort(),
    );

    // The mail server is back: every e-mail leaves once, each in its family's language.
    const smtp = await startSmtp(port);
    try {
      const deadline = Date.now() + 15_000;
      for (;;) {
        await t.ctx.outbox.deliverDue();
        const pending = await t.ctx.db.selectFrom("mail_outbox").select("id").where("status", "!=", "sent").execute();
        if (pending.length === 0) break;
        if (Date.now() > deadline) throw new Error("not delivered");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const toSoto = smtp.mails.filter((mail) => mail.to.includes(soto.owner.email)).map((mail) => mail.subject);
      expect(toSoto).toHaveLength(4);
      expect(toSoto.filter((subject) => subject.startsWith("Rappel\u202f: réinscription"))).toHaveLength(3);
      expect(smtp.mails).toHaveLength(7);
    } finally {
      await smtp.close();
    }
  });
});
