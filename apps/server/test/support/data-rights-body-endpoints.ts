import { validFiling } from "./data-rights.ts";
import type { BodyEndpoint } from "./settings-body-endpoints.ts";
import { signedInAs, type TestApp } from "./test-app.ts";

/**
 * The data-rights endpoints that take a body, each on rows of the bad-input spec's own: a refused
 * filing adds no request to the family, a refused action leaves the request as it was.
 */
export async function dataRightsBodyEndpoints(t: TestApp, secretaria: { cookie: string }): Promise<BodyEndpoint[]> {
  const family = await signedInAs(t, "User");
  const requests = () =>
    t.ctx.db.selectFrom("data_rights_requests").selectAll().where("family_user_id", "=", family.id).execute();
  const other = await signedInAs(t, "User");
  const { id } = await t.ctx.db
    .insertInto("data_rights_requests")
    .values({
      family_user_id: other.id,
      filed_by: other.id,
      kind: "access",
      subject: "family",
      student_id: null,
      actor: "representative",
      description: "A request for the bad-input spec.",
      state: "received",
      filed_at: new Date().toISOString(),
      deadline_on: "2099-01-01",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return [
    {
      name: "data rights filing",
      method: "POST",
      url: "/api/account/data-rights",
      cookie: family.cookie,
      valid: validFiling,
      textFields: [],
      state: requests,
    },
    {
      name: "data rights action",
      method: "POST",
      url: `/api/data-rights-requests/${id}/actions`,
      route: "POST /api/data-rights-requests/:id/actions",
      cookie: secretaria.cookie,
      valid: { action: "start" },
      textFields: [],
      state: () => t.ctx.db.selectFrom("data_rights_requests").selectAll().where("id", "=", id).execute(),
    },
  ];
}
