import {
  DOCUMENT_CHECK_MAX_BYTES,
  documentCheckCodeSchema,
  documentCheckResultSchema,
} from "@portal/shared/schemas/document-checks";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { uploadedFilePart } from "../../lib/upload-part.ts";
import { checkByCode, checkByPdf } from "./document-checks.service.ts";

/** The public checker of signed documents (/verify-document): by code, or by the PDF itself. */
export function documentCheckRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: "public" } as const;

  r.post(
    "/api/document-checks/code",
    { config, schema: { body: documentCheckCodeSchema, response: { 200: documentCheckResultSchema } } },
    (request) => checkByCode(ctx, request.ip, request.body.code, request.lang),
  );
  r.post(
    "/api/document-checks/pdf",
    { config, schema: { response: { 200: documentCheckResultSchema } } },
    async (request) => {
      const part = await uploadedFilePart(request, { limits: { fileSize: DOCUMENT_CHECK_MAX_BYTES } });
      return checkByPdf(ctx, request.ip, part, request.lang);
    },
  );
}
