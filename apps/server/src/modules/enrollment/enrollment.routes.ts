import { STEP_IDS } from "@portal/shared/enrollment-steps";
import {
  enrollmentCardSchema,
  fileContextSchema,
  fileSummarySchema,
  knownPeopleSchema,
  sentFileSchema,
  startFileSchema,
  stepDataSchema,
} from "@portal/shared/schemas/enrollment-responses";
import { idParam } from "@portal/shared/schemas/fields";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { uploadedFilePart } from "../../lib/upload-part.ts";
import { publicLink } from "../auth/links.ts";
import { discardNewFile } from "./discard-file.service.ts";
import { getStep, getSummary, listCards, saveStep, startFile } from "./enrollment.service.ts";
import { getFileContext } from "./file-context.service.ts";
import { getKnownPeople } from "./known-people.service.ts";
import { sendFile } from "./submission.service.ts";
import { UPLOAD_KIND_NAMES } from "./upload-kinds.ts";
import { readUpload, storeUpload } from "./uploads.service.ts";

/** Where the family's e-mail sends them back: the welcome cards, where the documents are. */
const WELCOME_PATH = "/portal/inscripciones/bienvenido";
const fileParams = z.strictObject({ fileId: idParam });
const stepParams = z.strictObject({ fileId: idParam, step: z.enum(STEP_IDS, { error: "validation.invalidType" }) });
const uploadResponse = z.object({
  id: z.number(),
  kind: z.string(),
  name: z.string(),
  size: z.number(),
  contentType: z.string(),
});

/** The session's school year: chosen at login, always set for a signed-in family. */
function schoolYearOf(request: FastifyRequest): number {
  const id = request.session?.schoolYearId;
  if (!id) throw new AppError(401, "UNAUTHENTICATED");
  return id;
}

export function enrollmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: "enrollmentOwn" } as const;

  r.get("/api/enrollment/cards", { config, schema: { response: { 200: z.array(enrollmentCardSchema) } } }, (request) =>
    listCards(ctx, request.user!, schoolYearOf(request)),
  );

  r.post(
    "/api/enrollment/files",
    { config, schema: { body: startFileSchema, response: { 200: fileSummarySchema, 201: fileSummarySchema } } },
    async (request, reply) => {
      const { summary, created } = await startFile(ctx, request.user!, schoolYearOf(request), request.body.studentId);
      return reply.code(created ? 201 : 200).send(summary);
    },
  );

  r.get(
    "/api/enrollment/files/:fileId",
    { config, schema: { params: fileParams, response: { 200: fileSummarySchema } } },
    (request) => getSummary(ctx, request.user!, request.params.fileId),
  );

  r.delete("/api/enrollment/files/:fileId", { config, schema: { params: fileParams } }, async (request, reply) => {
    await discardNewFile(ctx, request.user!, request.params.fileId);
    return reply.code(204).send();
  });

  r.get(
    "/api/enrollment/files/:fileId/context",
    { config, schema: { params: fileParams, response: { 200: fileContextSchema } } },
    (request) => getFileContext(ctx, request.user!, request.params.fileId),
  );

  r.get(
    "/api/enrollment/files/:fileId/known-people",
    { config, schema: { params: fileParams, response: { 200: knownPeopleSchema } } },
    (request) => getKnownPeople(ctx, request.user!, request.params.fileId),
  );

  r.get(
    "/api/enrollment/files/:fileId/steps/:step",
    { config, schema: { params: stepParams, response: { 200: stepDataSchema } } },
    (request) => getStep(ctx, request.user!, request.params.fileId, request.params.step),
  );

  r.put(
    "/api/enrollment/files/:fileId/steps/:step",
    // The body is validated by the step's own schema in the service (it depends on the file).
    { config, schema: { params: stepParams, body: z.unknown(), response: { 200: fileSummarySchema } } },
    (request) =>
      saveStep(
        ctx,
        request.user!,
        { lang: request.lang, ip: request.ip },
        request.params.fileId,
        request.params.step,
        request.body,
      ),
  );

  r.post(
    "/api/enrollment/files/:fileId/send",
    { config, schema: { params: fileParams, response: { 200: sentFileSchema } } },
    (request) =>
      sendFile(ctx, request.user!, request.params.fileId, {
        portalLink: publicLink(ctx, WELCOME_PATH),
      }),
  );

  r.post(
    "/api/enrollment/files/:fileId/uploads",
    {
      config,
      schema: {
        params: fileParams,
        querystring: z.strictObject({ kind: z.enum(UPLOAD_KIND_NAMES, { error: "validation.invalidType" }) }),
        response: { 201: uploadResponse },
      },
    },
    async (request, reply) => {
      const part = await uploadedFilePart(request);
      const stored = await storeUpload(ctx, request.user!, request.params.fileId, request.query.kind, part);
      return reply.code(201).send(stored);
    },
  );

  r.get(
    "/api/enrollment/uploads/:id",
    { config, schema: { params: z.strictObject({ id: idParam }) } },
    async (request, reply) => {
      const { row, stream } = await readUpload(ctx, request.user!, request.params.id);
      return reply
        .type(row.content_type)
        .header("Content-Disposition", `attachment; filename="${row.original_name.replace(/"/g, "")}"`)
        .send(stream);
    },
  );
}
