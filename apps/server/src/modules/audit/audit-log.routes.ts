import { auditEventListSchema, auditEventQuerySchema } from "@portal/shared/schemas/audit";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { exportAuditLog, listAuditLog } from "./audit-log.service.ts";

/** The audit log page: the Admin's alone, as a page and as a CSV export. */
export function auditLogRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: "auditView" } as const;

  r.get(
    "/api/audit-events",
    { config, schema: { querystring: auditEventQuerySchema, response: { 200: auditEventListSchema } } },
    (request) => listAuditLog(ctx, request.lang, request.query),
  );

  // A download streamed row by row: never compressed on the way (plugins/compression.ts).
  const download = { config, compress: false, schema: { querystring: auditEventQuerySchema } } as const;
  r.get("/api/audit-events.csv", download, async (request, reply) => {
    const stream = await exportAuditLog(ctx, { userId: request.user!.id, ip: request.ip }, request.lang, request.query);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type("text/csv; charset=utf-8")
      .header("Content-Disposition", `attachment; filename="audit-log-${day}.csv"`)
      .header("Cache-Control", "no-store")
      .send(stream);
  });
}
