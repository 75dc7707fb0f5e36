import { DEFAULT_RETENTION_MONTHS } from "@portal/shared/retention";
import { holdCreateSchema, retentionSettingsInputSchema, runStartSchema } from "@portal/shared/schemas/retention";
import type { BodyEndpoint } from "./settings-body-endpoints.ts";
import { createUser, type TestApp } from "./test-app.ts";

/**
 * Settings › Data retention's endpoints that take a body. The periods are school-wide, a hold
 * keeps a family's data and a run removes data: the fuzz sends none of them a valid body, and a
 * refused one leaves the periods, holds, runs and the Admin's audit trail as they were.
 */
export async function retentionBodyEndpoints(
  t: TestApp,
  admin: { id: number; cookie: string },
): Promise<BodyEndpoint[]> {
  const family = await createUser(t);
  const state = async () => ({
    settings: await t.ctx.db.selectFrom("retention_settings").selectAll().execute(),
    holds: await t.ctx.db.selectFrom("retention_holds").select("id").where("created_by", "=", admin.id).execute(),
    runs: await t.ctx.db.selectFrom("retention_runs").select("id").where("started_by", "=", admin.id).execute(),
    audit: await t.ctx.db.selectFrom("audit_events").select("id").where("actor_user_id", "=", admin.id).execute(),
  });
  return [
    {
      name: "retention periods",
      method: "PUT",
      url: "/api/settings/retention",
      cookie: admin.cookie,
      valid: { ...DEFAULT_RETENTION_MONTHS, automatic: true, version: 0 },
      textFields: [],
      state,
      harmless: (body) => !retentionSettingsInputSchema.safeParse(body).success,
    },
    {
      name: "retention hold",
      method: "POST",
      url: "/api/settings/retention/holds",
      cookie: admin.cookie,
      valid: { target: "family", reference: family.email, reason: "Reclamo" },
      textFields: ["reference", "reason"],
      state,
      harmless: (body) => !holdCreateSchema.safeParse(body).success,
    },
    {
      name: "retention run",
      method: "POST",
      url: "/api/settings/retention/runs",
      cookie: admin.cookie,
      valid: { confirm: true },
      textFields: [],
      state,
      harmless: (body) => !runStartSchema.safeParse(body).success,
    },
  ];
}
