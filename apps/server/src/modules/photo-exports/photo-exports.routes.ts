import { photoExportQuerySchema, photoExportSummarySchema } from "@portal/shared/schemas/photo-exports";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { attachmentDisposition } from "../../lib/content-disposition.ts";
import { schoolYearOf } from "../requests/requests.routes.ts";
import { type ExportCaller, openPhotoExport, photoExportSummary } from "./photo-exports.service.ts";

const callerOf = (request: FastifyRequest): ExportCaller => ({
  user: request.user!,
  ip: request.ip,
  lang: request.lang,
  sessionSchoolYearId: schoolYearOf(request),
  log: request.log,
});

/** Photo exports (reports.photoExport): the counts, and the ZIP itself. Reports' roles. */
export function photoExportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: "reportsView" } as const;

  r.get(
    "/api/reports/photos/summary",
    { config, schema: { querystring: photoExportQuerySchema, response: { 200: photoExportSummarySchema } } },
    (request) => photoExportSummary(ctx, callerOf(request), request.query),
  );

  r.get("/api/reports/photos", { config, schema: { querystring: photoExportQuerySchema } }, async (request, reply) => {
    const zip = await openPhotoExport(ctx, callerOf(request), request.query);
    return reply
      .type("application/zip")
      .header("Content-Disposition", attachmentDisposition(zip.fileName))
      .header("Cache-Control", "no-store")
      .send(zip.stream);
  });
}
