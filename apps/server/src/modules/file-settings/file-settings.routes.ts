import {
  TEMPLATE_MAX_BYTES,
  typesAllowedFor,
  typesEditable,
  UPLOAD_CEILING_BYTES,
  UPLOAD_FLOOR_BYTES,
} from "@portal/shared/file-settings";
import { idParam } from "@portal/shared/schemas/fields";
import {
  adminFileSettingsSchema,
  adminTemplateSchema,
  fileRulesSchema,
  fileSettingsUpdateSchema,
  pdfOriginalsUpdateSchema,
  templateCreateSchema,
  templateDownloadQuery,
  templateFileParams,
  templateUpdateSchema,
} from "@portal/shared/schemas/file-settings";
import { UPLOAD_KINDS } from "@portal/shared/upload-kinds";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { attachmentDisposition } from "../../lib/content-disposition.ts";
import { uploadedFilePart } from "../../lib/upload-part.ts";
import { keepsPdfOriginals, setKeepPdfOriginals } from "./pdf-originals.service.ts";
import {
  type Actor,
  createTemplate,
  deleteTemplate,
  deleteTemplateFile,
  listAdminTemplates,
  openTemplateDownload,
  readerTemplates,
  storeTemplateFile,
  updateTemplate,
} from "./templates.service.ts";
import { listUploadLimits, saveUploadLimits } from "./upload-limits.service.ts";

const actorOf = (request: FastifyRequest): Actor => ({ userId: request.user!.id, ip: request.ip });
const idParams = z.strictObject({ id: idParam });

async function adminView(ctx: AppContext) {
  const [limits, templates, keepPdfOriginals] = await Promise.all([
    listUploadLimits(ctx),
    listAdminTemplates(ctx),
    keepsPdfOriginals(ctx),
  ]);
  return {
    kinds: limits.map((limit) => ({
      ...limit,
      defaultMaxBytes: UPLOAD_KINDS[limit.kind].maxBytes,
      allowedTypes: [...typesAllowedFor(limit.kind)],
      typesEditable: typesEditable(limit.kind),
    })),
    floorBytes: UPLOAD_FLOOR_BYTES,
    ceilingBytes: UPLOAD_CEILING_BYTES,
    templateMaxBytes: TEMPLATE_MAX_BYTES,
    templates,
    keepPdfOriginals,
  };
}

/** Settings › Files: the Admin's limits and templates, and what the wizard reads of them. */
export function fileSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: "settingsManage" } as const;

  r.get("/api/settings/files", { config: admin, schema: { response: { 200: adminFileSettingsSchema } } }, () =>
    adminView(ctx),
  );
  r.put(
    "/api/settings/files",
    { config: admin, schema: { body: fileSettingsUpdateSchema, response: { 200: adminFileSettingsSchema } } },
    async (request) => {
      await saveUploadLimits(ctx, actorOf(request), request.body);
      return adminView(ctx);
    },
  );
  r.put(
    "/api/settings/files/pdf-originals",
    { config: admin, schema: { body: pdfOriginalsUpdateSchema, response: { 200: adminFileSettingsSchema } } },
    async (request) => {
      await setKeepPdfOriginals(ctx, actorOf(request), request.body.keepPdfOriginals);
      return adminView(ctx);
    },
  );
  r.post(
    "/api/settings/file-templates",
    { config: admin, schema: { body: templateCreateSchema, response: { 201: adminTemplateSchema } } },
    async (request, reply) => reply.code(201).send(await createTemplate(ctx, actorOf(request), request.body)),
  );
  r.put(
    "/api/settings/file-templates/:id",
    { config: admin, schema: { params: idParams, body: templateUpdateSchema, response: { 200: adminTemplateSchema } } },
    (request) => updateTemplate(ctx, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    "/api/settings/file-templates/:id",
    { config: admin, schema: { params: idParams } },
    async (request, reply) => {
      await deleteTemplate(ctx, actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
  r.post(
    "/api/settings/file-templates/:id/files/:language",
    { config: admin, schema: { params: templateFileParams, response: { 200: adminTemplateSchema } } },
    async (request) => {
      const part = await uploadedFilePart(request);
      return storeTemplateFile(ctx, actorOf(request), request.params.id, request.params.language, part);
    },
  );
  r.delete(
    "/api/settings/file-templates/:id/files/:language",
    { config: admin, schema: { params: templateFileParams, response: { 200: adminTemplateSchema } } },
    (request) => deleteTemplateFile(ctx, actorOf(request), request.params.id, request.params.language),
  );

  // What the wizard reads: every signed-in user (families upload; staff see the same hints on the module pages).
  r.get(
    "/api/file-rules",
    { config: { access: "authenticated" }, schema: { response: { 200: fileRulesSchema } } },
    async (request) => {
      const [limits, templates] = await Promise.all([listUploadLimits(ctx), readerTemplates(ctx, request.lang)]);
      return { kinds: limits.map(({ kind, maxBytes, types }) => ({ kind, maxBytes, types })), templates };
    },
  );
  r.get(
    "/api/file-templates/:id/download",
    { config: { access: "authenticated" }, schema: { params: idParams, querystring: templateDownloadQuery } },
    async (request, reply) => {
      const file = await openTemplateDownload(ctx, request.params.id, request.lang, request.query.language);
      return reply
        .type("application/pdf")
        .header("Content-Disposition", attachmentDisposition(file.filename))
        .header("Content-Language", file.language)
        .header("X-Content-Type-Options", "nosniff")
        .send(file.stream());
    },
  );
}
