import {
  committeeExportQuerySchema,
  REPORT_IDS,
  reportExportQuerySchema,
  reportPageSchema,
  reportQuerySchema,
} from "@portal/shared/schemas/reports";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { attachmentDisposition } from "../../lib/content-disposition.ts";
import { schoolYearOf } from "../requests/requests.routes.ts";
import { exportCommitteeContacts, exportReport, type ReportFile, reportPage } from "./reports.service.ts";

function sendFile(reply: FastifyReply, file: ReportFile) {
  reply
    .type(file.contentType)
    .header("Content-Disposition", attachmentDisposition(file.fileName))
    .header("Cache-Control", "no-store");
  // The rows to come, so the browser can show the download's progress (absent when unknown).
  if (file.total >= 0) reply.header("X-Total-Rows", String(file.total));
  return reply.send(file.stream);
}

/**
 * Reports: GET /api/reports/<students|representatives|authorizedPersons> (a page of the
 * table) and …/export (the file), one static route per report so each validates its own column
 * ids; and the parent committee's contacts. Admin, Secretaria, Editor, Consulta (`reportsView`).
 */
export function reportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: "reportsView" } as const;
  // Files stream as they are written (CSV row by row, XLSX already zipped): never compressed on
  // the way, so the progress the browser shows follows the rows (plugins/compression.ts).
  const compress = false;

  r.get(
    "/api/reports/committee-contacts/export",
    { config, compress, schema: { querystring: committeeExportQuerySchema } },
    async (request, reply) => {
      const actor = { userId: request.user!.id, ip: request.ip };
      const file = await exportCommitteeContacts(ctx, actor, schoolYearOf(request), request.lang, request.query);
      return sendFile(reply, file);
    },
  );

  for (const report of REPORT_IDS) {
    r.get(
      `/api/reports/${report}`,
      { config, schema: { querystring: reportQuerySchema(report), response: { 200: reportPageSchema } } },
      (request) => reportPage(ctx, schoolYearOf(request), request.lang, report, request.query),
    );
    r.get(
      `/api/reports/${report}/export`,
      { config, compress, schema: { querystring: reportExportQuerySchema(report) } },
      async (request, reply) => {
        const actor = { userId: request.user!.id, ip: request.ip };
        const file = await exportReport(ctx, actor, schoolYearOf(request), request.lang, report, request.query);
        return sendFile(reply, file);
      },
    );
  }
}
