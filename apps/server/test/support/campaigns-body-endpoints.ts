import {
  campaignCreateSchema,
  campaignUpdateSchema,
  familyAnswerSchema,
  linkAnswerSchema,
} from "@portal/shared/schemas/campaigns";
import {
  campaignBody,
  campaignFamily,
  campaignYear,
  createCampaign,
  dayFromToday,
  enrolledChild,
} from "./campaigns.ts";
import type { BodyEndpoint } from "./settings-body-endpoints.ts";
import type { TestApp } from "./test-app.ts";

/**
 * The re-enrollment campaigns' endpoints, on a campaign of the bad-input spec's own year (open,
 * so its family may answer) and a scheduled one to edit. A refused body leaves the campaigns, the
 * answers and the audit trail as they were; the fuzz sends none a valid body.
 */
export async function campaignBodyEndpoints(
  t: TestApp,
  admin: { id: number; cookie: string },
): Promise<BodyEndpoint[]> {
  const year = await campaignYear(t);
  const family = await campaignFamily(t, "es");
  const studentId = await enrolledChild(t, { familyId: family.id, schoolYearId: year, name: "Ana Fuzz" });
  const open = await createCampaign(t, admin.cookie, campaignBody(year));
  const scheduled = await createCampaign(
    t,
    admin.cookie,
    campaignBody(await campaignYear(t), { opensOn: dayFromToday(5) }),
  );
  const state = async () => ({
    campaigns: await t.ctx.db.selectFrom("reenrollment_campaigns").selectAll().orderBy("id").execute(),
    children: await t.ctx.db.selectFrom("campaign_children").selectAll().where("campaign_id", "=", open.id).execute(),
    audit: await t.ctx.db.selectFrom("audit_events").select("id").where("actor_user_id", "=", admin.id).execute(),
  });
  const answers = [{ studentId, answer: "leaves", reasonCode: "MOVING" }];
  const { schoolYearId: _, ...updateBody } = campaignBody(year, { opensOn: dayFromToday(5) });
  const unknownToken = "A".repeat(43);
  return [
    {
      name: "campaigns",
      method: "POST",
      url: "/api/campaigns",
      cookie: admin.cookie,
      valid: campaignBody(year),
      textFields: [],
      harmless: (body) => !campaignCreateSchema.safeParse(body).success,
      state,
    },
    {
      name: "campaigns/:id",
      method: "PUT",
      url: `/api/campaigns/${scheduled.id}`,
      route: "PUT /api/campaigns/:id",
      cookie: admin.cookie,
      valid: { ...updateBody, version: scheduled.version },
      textFields: [],
      harmless: (body) => !campaignUpdateSchema.safeParse(body).success,
      state,
    },
    {
      name: "family-campaigns/:id/answers",
      method: "POST",
      url: `/api/family-campaigns/${open.id}/answers`,
      route: "POST /api/family-campaigns/:id/answers",
      cookie: family.cookie,
      valid: { answers },
      textFields: [],
      harmless: (body) => !familyAnswerSchema.safeParse(body).success,
      state,
    },
    {
      name: "campaign-link",
      method: "POST",
      url: "/api/campaign-link",
      valid: { token: unknownToken },
      textFields: [],
      state,
    },
    {
      name: "campaign-link/answers",
      method: "POST",
      url: "/api/campaign-link/answers",
      valid: { token: unknownToken, answers },
      textFields: [],
      harmless: (body) => !linkAnswerSchema.safeParse(body).success,
      state,
    },
  ];
}
