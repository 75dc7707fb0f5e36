import { CERTIFICATE_MAX_BYTES, schoolCertificateViewSchema } from "@portal/shared/schemas/school-certificate";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { uploadedFilePart } from "../../lib/upload-part.ts";
import {
  getSchoolCertificate,
  removeSchoolCertificate,
  uploadSchoolCertificate,
} from "./school-certificate.service.ts";

const actorOf = (request: FastifyRequest) => ({ userId: request.user!.id, ip: request.ip });

/** Settings › Documents, the school's certificate that seals the signed PDFs (the Admin's). */
export function schoolCertificateRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: "sealManage" } as const;
  const schema = { response: { 200: schoolCertificateViewSchema } };

  r.get("/api/settings/school-certificate", { config, schema }, () => getSchoolCertificate(ctx));
  r.put("/api/settings/school-certificate", { config, schema }, async (request) => {
    // Multipart: `password`, then `file` (≤ 100 KB; past it the part is cut and refused with 413).
    const part = await uploadedFilePart(request, { limits: { fileSize: CERTIFICATE_MAX_BYTES } });
    return uploadSchoolCertificate(ctx, actorOf(request), part);
  });
  r.delete("/api/settings/school-certificate", { config, schema }, (request) =>
    removeSchoolCertificate(ctx, actorOf(request)),
  );
}
