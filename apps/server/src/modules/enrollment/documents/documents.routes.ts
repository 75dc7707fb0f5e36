import { idParam } from "@portal/shared/schemas/fields";
import { termsTextsSchema } from "@portal/shared/schemas/school-documents";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../../context.ts";
import { attachmentDisposition } from "../../../lib/content-disposition.ts";
import { DOCUMENT_KINDS, getFileDocument, termsTexts } from "./documents.service.ts";

/** `regenerate=true`: "generate a new report" (spec 2), drawn again even if the stored one is current. */
const documentQuery = z.strictObject({
  regenerate: z.enum(["true", "false"], { error: "validation.invalidType" }).optional(),
});

const documentParams = z.strictObject({
  fileId: idParam,
  document: z.enum(DOCUMENT_KINDS, { error: "validation.invalidType" }),
});

export function documentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/enrollment/files/:fileId/documents/:document",
    { config: { access: "enrollmentDocuments" }, schema: { params: documentParams, querystring: documentQuery } },
    async (request, reply) => {
      const { fileId, document } = request.params;
      const downloaded = await getFileDocument(ctx, request.user!, fileId, document, request.lang, {
        log: request.log,
        ip: request.ip,
        regenerate: request.query.regenerate === "true",
      });
      reply.type("application/pdf").header("Content-Disposition", attachmentDisposition(downloaded.filename));
      const { body } = downloaded;
      if ("bytes" in body) return reply.send(body.bytes);
      // Read from the disk as it is sent (the handle closes at the end or if the client leaves).
      return reply.header("Content-Length", body.stored.size).send(body.stored.file.createReadStream());
    },
  );

  r.get(
    "/api/enrollment/files/:fileId/terms-texts",
    {
      config: { access: "enrollmentDocuments" },
      schema: { params: z.strictObject({ fileId: idParam }), response: { 200: termsTextsSchema } },
    },
    (request) => termsTexts(ctx, request.user!, request.params.fileId, request.lang),
  );
}
