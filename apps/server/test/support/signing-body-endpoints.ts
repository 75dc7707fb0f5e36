import { signingCountersignSchema, signingLinkSchema, signingSignSchema } from "@portal/shared/schemas/signing";
import type { BodyEndpoint } from "./settings-body-endpoints.ts";
import { currentSchoolYearId, type TestApp } from "./test-app.ts";
import { insertSentRequest } from "./workflow.ts";

/**
 * Signing online's endpoints (docs/rules/documents.md "Signing online"), on a sent request of the
 * bad-input spec's own family and the year's contract (the three that take `{}` are in the spec's
 * `elsewhere`: signing-rules.spec.ts covers their bad input). The fuzz sends none a valid body (a valid one
 * would e-mail a code); a refused body leaves the request's signing rows and codes as they were.
 */
export async function signingBodyEndpoints(
  t: TestApp,
  family: { id: number; cookie: string },
  secretaria: { cookie: string },
): Promise<BodyEndpoint[]> {
  const request = await insertSentRequest(t, family.id);
  const contract = await t.ctx.db
    .selectFrom("school_documents")
    .select("id")
    .where("school_year_id", "=", await currentSchoolYearId(t))
    .where("key", "=", "contract")
    .executeTakeFirst();
  const documentId = contract?.id ?? 1;
  const state = async () => ({
    documents: await t.ctx.db
      .selectFrom("signing_documents")
      .selectAll()
      .where("request_id", "=", request.id)
      .execute(),
    codes: await t.ctx.db.selectFrom("signing_codes").select(["id", "tries"]).execute(),
  });
  const base = `/api/enrollment/files/${request.fileId}/signing/${documentId}`;
  const staff = `/api/requests/${request.id}/signing/${documentId}`;
  const token = "A".repeat(43);
  const sign = { versionId: 1, textSha256: "a".repeat(64), code: "123456", typedName: "Ana Ruiz", read: true };
  const refusedBy = (schema: { safeParse: (v: unknown) => { success: boolean } }) => (body: unknown) =>
    !schema.safeParse(body).success;
  return [
    {
      name: "signing sign",
      method: "POST",
      url: `${base}/sign`,
      route: "POST /api/enrollment/files/:fileId/signing/:documentId/sign",
      cookie: family.cookie,
      valid: sign,
      textFields: ["typedName"],
      harmless: refusedBy(signingSignSchema),
      state,
    },
    {
      name: "signing link",
      method: "POST",
      url: `${base}/link`,
      route: "POST /api/enrollment/files/:fileId/signing/:documentId/link",
      cookie: family.cookie,
      valid: { role: "representative2" },
      textFields: [],
      harmless: refusedBy(signingLinkSchema),
      state,
    },
    {
      name: "signing link sign",
      method: "POST",
      url: `/api/signing-links/${token}/sign`,
      route: "POST /api/signing-links/:token/sign",
      valid: sign,
      textFields: ["typedName"],
      harmless: refusedBy(signingSignSchema),
      state,
    },
    {
      name: "signing countersign",
      method: "POST",
      url: `${staff}/countersign`,
      route: "POST /api/requests/:requestId/signing/:documentId/countersign",
      cookie: secretaria.cookie,
      valid: { version: 1 },
      textFields: [],
      harmless: refusedBy(signingCountersignSchema),
      state,
    },
  ];
}
