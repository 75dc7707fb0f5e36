import { idParam } from "@portal/shared/schemas/fields";
import {
  photoListItemSchema,
  photoListQuerySchema,
  photoListSchema,
  photoReplacementResultSchema,
  photoReplacementSchema,
  photoReviewSchema,
} from "@portal/shared/schemas/photos";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { publicLink } from "../auth/links.ts";
import { schoolYearOf } from "../requests/requests.routes.ts";
import { replacePhoto } from "./photo-replacement.service.ts";
import { listPhotos, openPhoto, reviewPhoto } from "./photos.service.ts";

/** Where the rejection e-mail sends the family: the welcome cards, where it sends a new photo. */
const WELCOME_PATH = "/portal/inscripciones/bienvenido";
const requestParams = z.strictObject({ requestId: idParam });

/**
 * The student photos' review: the grid and each photo (inscriptionsView), a review
 * (inscriptionsManage), and the family's new photo after a rejection (enrollmentOwn).
 */
export function photoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const view = { access: "inscriptionsView" } as const;
  const manage = { access: "inscriptionsManage" } as const;

  r.get(
    "/api/photos",
    { config: view, schema: { querystring: photoListQuerySchema, response: { 200: photoListSchema } } },
    (request) => listPhotos(ctx, request.user!, schoolYearOf(request), request.query),
  );

  r.get(
    "/api/photos/:requestId/image",
    // `v` (the photo's upload id, ignored here) lets the page give a new photo a new URL.
    { config: view, schema: { params: requestParams, querystring: z.strictObject({ v: idParam.optional() }) } },
    async (request, reply) => {
      const photo = await openPhoto(ctx, request.params.requestId);
      return reply.type(photo.contentType).header("Content-Disposition", "inline").send(photo.stream);
    },
  );

  r.post(
    "/api/photos/:requestId/review",
    {
      config: manage,
      schema: { params: requestParams, body: photoReviewSchema, response: { 200: photoListItemSchema } },
    },
    (request) =>
      reviewPhoto(
        ctx,
        request.user!,
        { ip: request.ip, log: request.log, portalLink: publicLink(ctx, WELCOME_PATH) },
        request.params.requestId,
        request.body,
      ),
  );

  r.put(
    "/api/enrollment/files/:fileId/photo",
    {
      config: { access: "enrollmentOwn" },
      schema: {
        params: z.strictObject({ fileId: idParam }),
        body: photoReplacementSchema,
        response: { 200: photoReplacementResultSchema },
      },
    },
    (request) =>
      replacePhoto(
        ctx,
        request.user!,
        { lang: request.lang, ip: request.ip },
        request.params.fileId,
        request.body.photoFileId,
      ),
  );
}
