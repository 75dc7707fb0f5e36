import {
  documentExportQuerySchema,
  documentListQuerySchema,
  documentListSchema,
  documentRequestParams,
  handInParams,
  handInSaveSchema,
  handInStateSchema,
  requestDocumentsSchema,
} from "@portal/shared/schemas/documents";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { attachmentDisposition } from "../../lib/content-disposition.ts";
import { schoolYearOf } from "../requests/requests.routes.ts";
import { getRequestDocuments, listDocuments, saveHandIn } from "./documents.service.ts";
import { exportDocumentsZip } from "./documents-zip.ts";

/**
 * The documents page: the list, one request's documents and checklist, the ZIP
 * (documentsView), recording a hand-in (documentsManage).
 */
export function documentsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const view = { access: "documentsView" } as const;
  const manage = { access: "documentsManage" } as const;

  r.get(
    "/api/documents",
    { config: view, schema: { querystring: documentListQuerySchema, response: { 200: documentListSchema } } },
    (request) => listDocuments(ctx, schoolYearOf(request), request.query, request.lang),
  );

  r.get(
    "/api/documents/export.zip",
    { config: view, schema: { querystring: documentExportQuerySchema } },
    async (request, reply) => {
      const archive = await exportDocumentsZip(ctx, request.user!, schoolYearOf(request), request.query, {
        ip: request.ip,
        lang: request.lang,
        log: request.log,
      });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type("application/zip")
        .header("Content-Disposition", attachmentDisposition(`documents-${day}.zip`))
        .send(archive);
    },
  );

  r.get(
    "/api/documents/:requestId",
    { config: view, schema: { params: documentRequestParams, response: { 200: requestDocumentsSchema } } },
    (request) => getRequestDocuments(ctx, request.user!, request.params.requestId),
  );

  r.put(
    "/api/documents/:requestId/hand-in/:item",
    {
      config: manage,
      schema: { params: handInParams, body: handInSaveSchema, response: { 200: handInStateSchema } },
    },
    (request) =>
      saveHandIn(ctx, request.user!, { ip: request.ip }, request.params.requestId, request.params.item, request.body),
  );
}
