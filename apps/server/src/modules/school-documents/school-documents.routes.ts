import {
  documentFeesParams,
  documentFeesSaveSchema,
  schoolDocumentAdminSchema,
  schoolDocumentCreateSchema,
  schoolDocumentDraftSchema,
  schoolDocumentParams,
  schoolDocumentPdfQuerySchema,
  schoolDocumentPreviewResultSchema,
  schoolDocumentPreviewSchema,
  schoolDocumentPublishSchema,
  schoolDocumentRuleSchema,
  schoolDocumentsAdminSchema,
  schoolDocumentsQuerySchema,
} from "@portal/shared/schemas/school-documents";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { attachmentDisposition } from "../../lib/content-disposition.ts";
import { previewPdf, previewText } from "./document-preview.service.ts";
import {
  type Actor,
  createDocument,
  listSchoolDocuments,
  publishDraft,
  saveDraft,
  saveFees,
  saveRule,
} from "./school-documents.service.ts";

const actorOf = (request: FastifyRequest): Actor => ({
  userId: request.user!.id,
  ip: request.ip,
  lang: request.lang,
  schoolYearId: request.session?.schoolYearId ?? null,
});

/** Settings › Documents: the school's own documents, their versions and rules (the Admin's alone). */
export function schoolDocumentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: "settingsManage" } as const;
  r.get(
    "/api/settings/documents",
    { config, schema: { querystring: schoolDocumentsQuerySchema, response: { 200: schoolDocumentsAdminSchema } } },
    (request) => listSchoolDocuments(ctx, actorOf(request), request.query.schoolYearId),
  );
  r.post(
    "/api/settings/documents",
    { config, schema: { body: schoolDocumentCreateSchema, response: { 200: schoolDocumentAdminSchema } } },
    (request) => createDocument(ctx, actorOf(request), request.body),
  );
  r.put(
    "/api/settings/documents/:documentId/draft",
    {
      config,
      schema: {
        params: schoolDocumentParams,
        body: schoolDocumentDraftSchema,
        response: { 200: schoolDocumentAdminSchema },
      },
    },
    (request) => saveDraft(ctx, actorOf(request), request.params.documentId, request.body),
  );
  r.post(
    "/api/settings/documents/:documentId/publish",
    {
      config,
      schema: {
        params: schoolDocumentParams,
        body: schoolDocumentPublishSchema,
        response: { 200: schoolDocumentAdminSchema },
      },
    },
    (request) => publishDraft(ctx, actorOf(request), request.params.documentId, request.body.expectedVersion),
  );
  r.put(
    "/api/settings/documents/:documentId/rule",
    {
      config,
      schema: {
        params: schoolDocumentParams,
        body: schoolDocumentRuleSchema,
        response: { 200: schoolDocumentAdminSchema },
      },
    },
    (request) => saveRule(ctx, actorOf(request), request.params.documentId, request.body),
  );
  r.post(
    "/api/settings/documents/:documentId/preview",
    {
      config,
      schema: {
        params: schoolDocumentParams,
        body: schoolDocumentPreviewSchema,
        response: { 200: schoolDocumentPreviewResultSchema },
      },
    },
    (request) => previewText(ctx, request.lang, request.params.documentId, request.body),
  );
  r.get(
    "/api/settings/documents/:documentId/preview.pdf",
    { config, schema: { params: schoolDocumentParams, querystring: schoolDocumentPdfQuerySchema } },
    async (request, reply) => {
      const pdf = await previewPdf(ctx, request.params.documentId, request.query);
      reply
        .type("application/pdf")
        .header("Cache-Control", "no-store")
        .header("Content-Disposition", attachmentDisposition(`preview-${pdf.code}.pdf`));
      return reply.send(Buffer.from(pdf.bytes));
    },
  );
  r.put(
    "/api/settings/document-fees/:schoolYearId",
    {
      config,
      schema: {
        params: documentFeesParams,
        body: documentFeesSaveSchema,
        response: { 200: schoolDocumentsAdminSchema },
      },
    },
    (request) => saveFees(ctx, actorOf(request), request.params.schoolYearId, request.body),
  );
}
