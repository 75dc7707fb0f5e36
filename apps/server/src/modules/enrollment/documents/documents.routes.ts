import { idParam } from "@portal/shared/schemas/fields";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../../context.ts";
import { attachmentDisposition } from "../../../lib/content-disposition.ts";
import { DOCUMENT_KINDS, getFileDocument } from "./documents.service.ts";

const documentParams = z.strictObject({
  fileId: idParam,
  document: z.enum(DOCUMENT_KINDS, { error: "validation.invalidType" }),
});

export function documentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/enrollment/files/:fileId/documents/:document",
    { config: { access: "enrollmentDocuments" }, schema: { params: documentParams } },
    async (request, reply) => {
      const { fileId, document } = request.params;
      const rendered = await getFileDocument(ctx, request.user!, fileId, document, request.lang, {
        log: request.log,
        ip: request.ip,
      });
      return reply
        .type("application/pdf")
        .header("Content-Disposition", attachmentDisposition(rendered.filename))
        .send(Buffer.from(rendered.bytes));
    },
  );
}
