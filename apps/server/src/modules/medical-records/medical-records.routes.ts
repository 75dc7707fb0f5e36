import {
  medicalRecordListSchema,
  medicalRecordsPdfQuerySchema,
  medicalRecordsQuerySchema,
} from "@portal/shared/schemas/medical-records";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { schoolYearOf } from "../requests/requests.routes.ts";
import { exportMedicalRecordsPdf, listMedicalRecords, type MedicalMeta } from "./medical-records.service.ts";

/** The medical records view and its PDF per level: Admin, Secretaria, Consulta. */
export function medicalRecordRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: "medicalRecordsView" } as const;
  const meta = (request: FastifyRequest): MedicalMeta => ({
    user: request.user!,
    lang: request.lang,
    ip: request.ip,
    sessionSchoolYearId: schoolYearOf(request),
  });

  r.get(
    "/api/medical-records",
    { config, schema: { querystring: medicalRecordsQuerySchema, response: { 200: medicalRecordListSchema } } },
    (request) => listMedicalRecords(ctx, meta(request), request.query),
  );

  r.get(
    "/api/medical-records/pdf",
    { config, schema: { querystring: medicalRecordsPdfQuerySchema } },
    async (request, reply) => {
      const { pdf, filename } = await exportMedicalRecordsPdf(ctx, meta(request), request.query);
      return reply
        .type("application/pdf")
        .header("Content-Disposition", `attachment; filename="${filename}"`)
        .header("Cache-Control", "no-store")
        .send(Buffer.from(pdf));
    },
  );
}
