import {
  syncBatchFileQuerySchema,
  syncBatchListQuerySchema,
  syncBatchListSchema,
  syncBatchParams,
  syncCodesSchema,
  syncExportSchema,
  syncImportResultSchema,
  syncListQuerySchema,
  syncListSchema,
  syncRequestParams,
  syncRequestSchema,
} from "@portal/shared/schemas/sync";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { attachmentDisposition } from "../../lib/content-disposition.ts";
import { uploadedFilePart } from "../../lib/upload-part.ts";
import { schoolYearOf } from "../requests/requests.routes.ts";
import {
  type Actor,
  batchFile,
  exportForSync,
  getSyncRequest,
  listSync,
  listSyncBatches,
  type SyncFile,
} from "./sync.service.ts";
import { saveSyncCodes } from "./sync-codes.service.ts";
import { importCodes } from "./sync-import.service.ts";

const actorOf = (request: FastifyRequest): Actor => ({ userId: request.user!.id, ip: request.ip, lang: request.lang });

function sendFile(reply: FastifyReply, file: SyncFile) {
  return reply
    .type(file.contentType)
    .header("Content-Disposition", attachmentDisposition(file.filename))
    .header("X-Row-Count", String(file.rowCount))
    .header("X-Batch-Id", file.batchId === null ? "" : String(file.batchId))
    .send(file.body);
}

/** Sync with the BUE: Admin, Secretaria and Consulta read; Admin and Secretaria change. */
export function syncRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const view = { access: "syncView" } as const;
  const manage = { access: "syncManage" } as const;

  r.get(
    "/api/sync",
    { config: view, schema: { querystring: syncListQuerySchema, response: { 200: syncListSchema } } },
    (request) => listSync(ctx, schoolYearOf(request), request.query),
  );
  // The BUE files (CSV or JSON) are downloads: sent as built, never compressed on the way.
  r.post(
    "/api/sync/exports",
    { config: manage, compress: false, schema: { body: syncExportSchema } },
    async (request, reply) => sendFile(reply, await exportForSync(ctx, actorOf(request), request.body)),
  );
  r.get(
    "/api/sync/exports",
    { config: view, schema: { querystring: syncBatchListQuerySchema, response: { 200: syncBatchListSchema } } },
    (request) => listSyncBatches(ctx, request.query.schoolYearId ?? schoolYearOf(request)),
  );
  r.get(
    "/api/sync/exports/:id",
    { config: manage, compress: false, schema: { params: syncBatchParams, querystring: syncBatchFileQuerySchema } },
    async (request, reply) =>
      sendFile(reply, await batchFile(ctx, actorOf(request), request.params.id, request.query.format)),
  );
  r.post(
    "/api/sync/imports",
    { config: manage, schema: { response: { 200: syncImportResultSchema } } },
    async (request) => {
      const part = await uploadedFilePart(request);
      return importCodes(ctx, actorOf(request), part);
    },
  );
  r.get(
    "/api/sync/requests/:id",
    { config: view, schema: { params: syncRequestParams, response: { 200: syncRequestSchema } } },
    (request) => getSyncRequest(ctx, request.params.id),
  );
  r.put(
    "/api/sync/requests/:id/codes",
    {
      config: manage,
      schema: { params: syncRequestParams, body: syncCodesSchema, response: { 200: syncRequestSchema } },
    },
    (request) => saveSyncCodes(ctx, actorOf(request), request.params.id, request.body),
  );
}
