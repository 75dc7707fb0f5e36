import { candidacyDeclineSchema, candidacySchema } from "@portal/shared/schemas/election-candidacies";
import {
  electionCancelSchema,
  electionCandidatesSchema,
  electionCreateSchema,
  electionListCreateSchema,
  electionUpdateSchema,
  electionVersionSchema,
  organizationSchema,
  positionSchema,
  receiptCheckSchema,
  voteSchema,
} from "@portal/shared/schemas/elections";
import { electionBody, insertOwnYear, newOrganization, parentWithRequest, scheduledElection } from "./elections.ts";
import type { BodyEndpoint } from "./settings-body-endpoints.ts";
import { call, type TestApp } from "./test-app.ts";

/**
 * The elections' endpoints that take a body, on an election of the spec's own. The
 * fuzz sends none of them a valid body (it would create, schedule or vote); a refused one leaves
 * the elections' rows, the ballot box, the register and the Admin's audit trail as they were.
 */
export async function electionBodyEndpoints(
  t: TestApp,
  admin: { id: number; cookie: string },
): Promise<BodyEndpoint[]> {
  const yearId = await insertOwnYear(t, "elections-fuzz");
  const draft = (
    await call(t, {
      method: "POST",
      url: "/api/settings/elections",
      cookie: admin.cookie,
      payload: electionBody(yearId),
    })
  ).json();
  const scheduled = await scheduledElection(t, admin.cookie, yearId);
  const organizationId = await newOrganization(t, admin.cookie, "Fuzz");
  const voter = await parentWithRequest(t, yearId);
  const voterCookie = await voter.cookie();
  // A pending candidacy of another voter, for the Admin's decision routes.
  const stander = await parentWithRequest(t, yearId);
  const declared = await call(t, {
    method: "PUT",
    url: `/api/elections/${scheduled.id}/candidacy`,
    cookie: await stander.cookie(),
    payload: { listId: scheduled.lists[0]!.id },
  });
  if (declared.statusCode !== 200) throw new Error(`candidacy: ${declared.body}`);
  const candidacyId: number = declared.json().candidacy.id;
  const position = (
    await call(t, { method: "GET", url: "/api/settings/election-positions", cookie: admin.cookie })
  ).json().items[0];
  const state = async () => ({
    elections: await t.ctx.db
      .selectFrom("elections")
      .selectAll()
      .where("school_year_id", "=", yearId)
      .orderBy("id")
      .execute(),
    lists: await t.ctx.db
      .selectFrom("election_lists")
      .selectAll()
      .where("election_id", "in", [draft.id, scheduled.id])
      .orderBy("id")
      .execute(),
    organizations: await t.ctx.db.selectFrom("election_organizations").select("id").orderBy("id").execute(),
    positions: await t.ctx.db.selectFrom("election_positions").selectAll().orderBy("id").execute(),
    ballots: await t.ctx.db
      .selectFrom("election_ballots")
      .selectAll()
      .where("election_id", "=", scheduled.id)
      .execute(),
    register: await t.ctx.db
      .selectFrom("election_register")
      .selectAll()
      .where("election_id", "=", scheduled.id)
      .execute(),
    audit: await t.ctx.db.selectFrom("audit_events").select("id").where("actor_user_id", "=", admin.id).execute(),
    candidacies: await t.ctx.db
      .selectFrom("election_candidacies")
      .selectAll()
      .where("election_id", "=", scheduled.id)
      .orderBy("id")
      .execute(),
  });
  const refusedBy = (schema: { safeParse: (v: unknown) => { success: boolean } }) => (body: unknown) =>
    !schema.safeParse(body).success;
  const base = "/api/settings/elections";
  return [
    {
      name: "election",
      method: "POST",
      url: base,
      route: `POST ${base}`,
      cookie: admin.cookie,
      valid: electionBody(yearId),
      textFields: ["titleEs", "titleEn", "titleFr", "body"],
      state,
      harmless: refusedBy(electionCreateSchema),
    },
    {
      name: "election edit",
      method: "PUT",
      url: `${base}/${draft.id}`,
      route: `PUT ${base}/:id`,
      cookie: admin.cookie,
      valid: { ...electionBody(yearId), version: draft.version },
      textFields: ["titleEs", "titleEn", "titleFr", "body"],
      state,
      harmless: refusedBy(electionUpdateSchema),
    },
    ...(["schedule", "close", "publish"] as const).map((action) => ({
      name: `election ${action}`,
      method: "POST" as const,
      url: `${base}/${draft.id}/${action}`,
      route: `POST ${base}/:id/${action}`,
      cookie: admin.cookie,
      valid: { version: draft.version },
      textFields: [],
      state,
      harmless: refusedBy(electionVersionSchema),
    })),
    {
      name: "election cancel",
      method: "POST",
      url: `${base}/${draft.id}/cancel`,
      route: `POST ${base}/:id/cancel`,
      cookie: admin.cookie,
      valid: { version: draft.version, reason: "Error en las fechas" },
      textFields: [],
      state,
      harmless: refusedBy(electionCancelSchema),
    },
    {
      name: "election list",
      method: "POST",
      url: `${base}/${draft.id}/lists`,
      route: `POST ${base}/:id/lists`,
      cookie: admin.cookie,
      valid: { organizationId, name: "Lista Fuzz" },
      textFields: ["name"],
      state,
      harmless: refusedBy(electionListCreateSchema),
    },
    {
      name: "election candidates",
      method: "PUT",
      url: `/api/settings/election-lists/${scheduled.lists[0]!.id}/candidates`,
      route: "PUT /api/settings/election-lists/:listId/candidates",
      cookie: admin.cookie,
      valid: { candidates: [{ userId: voter.id }] },
      textFields: [],
      state,
      harmless: refusedBy(electionCandidatesSchema),
    },
    {
      name: "election position",
      method: "POST",
      url: "/api/settings/election-positions",
      route: "POST /api/settings/election-positions",
      cookie: admin.cookie,
      valid: { code: "fuzz_position", nameEs: "Cargo", nameEn: "Position", nameFr: "Fonction", sortOrder: 3 },
      textFields: ["nameEs", "nameEn", "nameFr"],
      state,
      harmless: refusedBy(positionSchema),
    },
    {
      name: "election position edit",
      method: "PUT",
      url: `/api/settings/election-positions/${position.id}`,
      route: "PUT /api/settings/election-positions/:id",
      cookie: admin.cookie,
      valid: {
        code: position.code,
        nameEs: position.nameEs,
        nameEn: position.nameEn,
        nameFr: position.nameFr,
        sortOrder: 1,
      },
      textFields: ["nameEs", "nameEn", "nameFr"],
      state,
      harmless: refusedBy(positionSchema),
    },
    {
      name: "election organization",
      method: "POST",
      url: "/api/settings/election-organizations",
      route: "POST /api/settings/election-organizations",
      cookie: admin.cookie,
      valid: { name: "Asociación Fuzz" },
      textFields: ["name"],
      state,
      harmless: refusedBy(organizationSchema),
    },
    {
      name: "election organization edit",
      method: "PUT",
      url: `/api/settings/election-organizations/${organizationId}`,
      route: "PUT /api/settings/election-organizations/:id",
      cookie: admin.cookie,
      valid: { name: "Asociación Fuzz editada" },
      textFields: ["name"],
      state,
      harmless: refusedBy(organizationSchema),
    },
    {
      name: "vote",
      method: "POST",
      url: `/api/elections/${scheduled.id}/vote`,
      route: "POST /api/elections/:id/vote",
      cookie: voterCookie,
      valid: { listId: scheduled.lists[0]!.id },
      textFields: [],
      state,
      harmless: refusedBy(voteSchema),
    },
    {
      // A valid code is harmless too (a check writes nothing): the scheduled election answers 409.
      name: "receipt check",
      method: "POST",
      url: `/api/elections/${scheduled.id}/receipt`,
      route: "POST /api/elections/:id/receipt",
      cookie: voterCookie,
      valid: { receiptCode: "ABCD-EFGH-JKMN" },
      textFields: [],
      state,
      harmless: refusedBy(receiptCheckSchema),
    },
    {
      name: "candidacy",
      method: "PUT",
      url: `/api/elections/${scheduled.id}/candidacy`,
      route: "PUT /api/elections/:id/candidacy",
      cookie: voterCookie,
      valid: { listId: scheduled.lists[1]!.id, statement: "Candidata" },
      textFields: ["statement"],
      state,
      harmless: refusedBy(candidacySchema),
    },
    {
      name: "candidacy decline",
      method: "POST",
      url: `/api/settings/election-candidacies/${candidacyId}/decline`,
      route: "POST /api/settings/election-candidacies/:candidacyId/decline",
      cookie: admin.cookie,
      valid: { reason: "La lista está completa" },
      textFields: ["reason"],
      state,
      harmless: refusedBy(candidacyDeclineSchema),
    },
  ];
}
