import {
  documentFeesSaveSchema,
  schoolDocumentCreateSchema,
  schoolDocumentDraftSchema,
  schoolDocumentPublishSchema,
  schoolDocumentRuleSchema,
} from "@portal/shared/schemas/school-documents";
import type { BodyEndpoint } from "./settings-body-endpoints.ts";
import type { TestApp } from "./test-app.ts";

const NOBODY = 2147483000;
const texts = { es: "Texto", en: "Text", fr: "Texte" };

/**
 * Settings › Documents. The documents are school-wide: the fuzz sends no valid body (a valid one
 * aims at a document or year that exists for nobody, 404), and a refused one leaves the documents,
 * their versions and the Admin's audit trail as they were.
 */
export function schoolDocumentBodyEndpoints(t: TestApp, admin: { id: number; cookie: string }): BodyEndpoint[] {
  const state = async () => ({
    documents: await t.ctx.db.selectFrom("school_documents").selectAll().orderBy("id").execute(),
    versions: await t.ctx.db
      .selectFrom("school_document_versions")
      .select(["id", "published_at"])
      .orderBy("id")
      .execute(),
    fees: await t.ctx.db.selectFrom("school_document_fees").selectAll().execute(),
    audit: await t.ctx.db.selectFrom("audit_events").select("id").where("actor_user_id", "=", admin.id).execute(),
  });
  const common = { cookie: admin.cookie, state } as const;
  const doc = `/api/settings/documents/${NOBODY}`;
  return [
    {
      name: "school document",
      method: "POST",
      url: "/api/settings/documents",
      valid: { schoolYearId: NOBODY, titles: texts },
      textFields: [],
      harmless: (body) => !schoolDocumentCreateSchema.safeParse(body).success,
      ...common,
    },
    {
      name: "school document draft",
      method: "PUT",
      url: `${doc}/draft`,
      route: "PUT /api/settings/documents/:documentId/draft",
      valid: { titles: texts, bodies: texts, expectedVersion: 1 },
      textFields: [],
      harmless: (body) => !schoolDocumentDraftSchema.safeParse(body).success,
      ...common,
    },
    {
      name: "school document publish",
      method: "POST",
      url: `${doc}/publish`,
      route: "POST /api/settings/documents/:documentId/publish",
      valid: { expectedVersion: 1 },
      textFields: [],
      harmless: (body) => !schoolDocumentPublishSchema.safeParse(body).success,
      ...common,
    },
    {
      name: "school document rule",
      method: "PUT",
      url: `${doc}/rule`,
      route: "PUT /api/settings/documents/:documentId/rule",
      valid: { audience: "new", levels: ["CM1"], expectedVersion: 1 },
      textFields: [],
      harmless: (body) => !schoolDocumentRuleSchema.safeParse(body).success,
      ...common,
    },
    {
      name: "school document preview",
      method: "POST",
      url: `${doc}/preview`,
      route: "POST /api/settings/documents/:documentId/preview",
      valid: { language: "es", title: "Contrato", body: "Texto de {{studentName}}", requestCode: "INS-0" },
      textFields: ["title", "requestCode"],
      ...common,
    },
    {
      name: "document fees",
      method: "PUT",
      url: `/api/settings/document-fees/${NOBODY}`,
      route: "PUT /api/settings/document-fees/:schoolYearId",
      valid: { texts, expectedVersion: 0 },
      textFields: [],
      harmless: (body) => !documentFeesSaveSchema.safeParse(body).success,
      ...common,
    },
  ];
}
