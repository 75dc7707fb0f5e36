import { syncCodesSchema, syncExportSchema } from "@portal/shared/schemas/sync";
import type { BodyEndpoint } from "./settings-body-endpoints.ts";
import { insertSyncRequest, isolatedYear } from "./sync.ts";
import { createUser, type TestApp } from "./test-app.ts";

/**
 * The sync endpoints that take a JSON body, on a school year and a request of their
 * own. The import is multipart: sync-access.spec.ts fuzzes it. Valid bodies would export or save
 * codes: the fuzz sends only invalid ones.
 */
export async function syncBodyEndpoints(t: TestApp, secretaria: { cookie: string }): Promise<BodyEndpoint[]> {
  const year = await isolatedYear(t);
  const family = await createUser(t);
  const request = await insertSyncRequest(t, family.id, year.id, { names: "Nora", firstName: "Nieto" });
  const state = async () => ({
    request: await t.ctx.db.selectFrom("requests").selectAll().where("id", "=", request.id).executeTakeFirstOrThrow(),
    steps: await t.ctx.db.selectFrom("enrollment_steps").selectAll().where("file_id", "=", request.fileId).execute(),
    migrations: await t.ctx.db.selectFrom("bue_migrations").selectAll().where("request_id", "=", request.id).execute(),
    batches: await t.ctx.db
      .selectFrom("bue_export_batches")
      .selectAll()
      .where("school_year_id", "=", year.id)
      .execute(),
  });
  return [
    {
      name: "sync export",
      method: "POST",
      url: "/api/sync/exports",
      cookie: secretaria.cookie,
      valid: { schoolYearId: year.id, format: "csv" },
      textFields: [],
      state,
      harmless: (body) => !syncExportSchema.safeParse(body).success,
    },
    {
      name: "sync codes",
      method: "PUT",
      url: `/api/sync/requests/${request.id}/codes`,
      route: "PUT /api/sync/requests/:id/codes",
      cookie: secretaria.cookie,
      valid: { studentCode: "ST-1", rep1ContactCodeBue: "C-1", rep2ContactCodeBue: "C-2", version: 1 },
      textFields: ["studentCode", "rep1ContactCodeBue", "rep2ContactCodeBue"],
      state,
      harmless: (body) => !syncCodesSchema.safeParse(body).success,
    },
  ];
}
