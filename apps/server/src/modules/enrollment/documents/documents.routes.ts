import { idParam } from "@portal/shared/schemas/fields";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../../context.ts";
import { DOCUMENT_KINDS, getFileDocument } from "./documents.service.ts";
import { settleFileMails } from "./sent-file-mail.ts";

const documentParams = z.strictObject({
  fileId: idParam,
  document: z.enum(DOCUMENT_KINDS, { error: "validation.invalidType" }),
});

/** RFC 5987 value: percent-encoded UTF-8, including the characters encodeURIComponent leaves. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`,
  );
}

/** `attachment` with an ASCII fallback name and the real one as `filename*` (RFC 6266). */
export function attachmentDisposition(filename: string): string {
  const ascii = filename
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^A-Za-z0-9._-]+/g, "-");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(filename)}`;
}

export function documentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/enrollment/files/:fileId/documents/:document",
    { config: { access: "enrollmentDocuments" }, schema: { params: documentParams } },
    async (request, reply) => {
      const { fileId, document } = request.params;
      const rendered = await getFileDocument(ctx, request.user!, fileId, document, request.lang, request.log);
      return reply
        .type("application/pdf")
        .header("Content-Disposition", attachmentDisposition(rendered.filename))
        .send(Buffer.from(rendered.bytes));
    },
  );

  // The e-mails of files just sent go out in the background: let them finish before the
  // database and the mailer close (SIGTERM, tests).
  app.addHook("onClose", async () => {
    await settleFileMails(ctx);
  });
}
