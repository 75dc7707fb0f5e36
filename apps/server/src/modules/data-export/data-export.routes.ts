import { dataExportCurrentSchema, dataExportIdParams, dataExportStateSchema } from "@portal/shared/schemas/data-export";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { attachmentDisposition } from "../../lib/content-disposition.ts";
import {
  currentDataExport,
  type ExportMeta,
  openDataExport,
  preparingArchives,
  startDataExport,
  sweepDataExports,
} from "./data-export.service.ts";

const metaOf = (request: FastifyRequest): ExportMeta => ({ ip: request.ip, lang: request.lang, log: request.log });

/** Expired archives are removed on the next "My data" request and at least hourly (docs/data-protection.md). */
const SWEEP_EVERY_MS = 3_600_000;

/** "My data" (LOPDP art. 17): the family's archive, prepared in the background, downloadable 24 h. */
export function dataExportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: "dataExportOwn" } as const;

  r.get("/api/account/data-export", { config, schema: { response: { 200: dataExportCurrentSchema } } }, (request) =>
    currentDataExport(ctx, request.user!, metaOf(request)),
  );

  r.post(
    "/api/account/data-export",
    { config, schema: { response: { 202: dataExportStateSchema } } },
    async (request, reply) => reply.code(202).send(await startDataExport(ctx, request.user!, metaOf(request))),
  );

  r.get(
    "/api/account/data-export/:id/file",
    { config, compress: false, schema: { params: dataExportIdParams } },
    async (request, reply) => {
      const file = await openDataExport(ctx, request.user!, request.params.id, metaOf(request));
      return reply
        .type("application/zip")
        .header("Content-Disposition", attachmentDisposition(file.fileName))
        .header("Content-Length", file.size)
        .send(file.stream);
    },
  );

  const timer = setInterval(() => {
    sweepDataExports(ctx).catch((error: unknown) => app.log.warn({ err: error }, "data export: sweep failed"));
  }, SWEEP_EVERY_MS);
  timer.unref();
  app.addHook("onClose", async () => {
    clearInterval(timer);
    // An archive being written finishes (or fails) before the database closes under it.
    await preparingArchives();
  });
}
