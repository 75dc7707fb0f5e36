import {
  signingCodeSentSchema,
  signingCountersignSchema,
  signingDocumentSchema,
  signingEmptySchema,
  signingEventsSchema,
  signingFileDocumentParams,
  signingFileParams,
  signingLinkDocumentSchema,
  signingLinkParams,
  signingLinkSchema,
  signingLinkSignedSchema,
  signingRequestDocumentParams,
  signingRequestParams,
  signingSignSchema,
  signingStateSchema,
} from "@portal/shared/schemas/signing";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { attachmentDisposition } from "../../lib/content-disposition.ts";
import {
  familyCode,
  familyDocument,
  familyFinal,
  familyLink,
  familySign,
  familyState,
} from "./signing-family.service.ts";
import { codeByLink, openLink, signByLink } from "./signing-links.service.ts";
import type { Meta } from "./signing-rows.service.ts";
import { countersign, remind, staffEvents, staffFinal, staffState } from "./signing-staff.service.ts";

/** Who and where, for the evidence events. */
const metaOf = (request: FastifyRequest): Meta => ({
  ip: request.ip,
  userAgent: request.headers["user-agent"]?.slice(0, 400) ?? null,
  userId: request.user?.id ?? null,
});

const sendPdf = (reply: FastifyReply, file: { bytes: Buffer; fileName: string }) =>
  reply.type("application/pdf").header("Content-Disposition", attachmentDisposition(file.fileName)).send(file.bytes);

/**
 * Signing online (docs/rules/documents.md "Signing online"): the family's own sent files
 * (`signingOwn`), the e-mailed link (public: the token stands for one signer of one document), and
 * the staff's request page (`signingView` to read, `signingManage` to remind and countersign).
 */
export function signingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const family = { access: "signingOwn" } as const;
  const FILE = "/api/enrollment/files/:fileId/signing";
  r.get(FILE, { config: family, schema: { params: signingFileParams, response: { 200: signingStateSchema } } }, (req) =>
    familyState(ctx, req.user!, req.params.fileId, req.lang, metaOf(req)),
  );
  const fileDoc = { params: signingFileDocumentParams };
  r.get(
    `${FILE}/:documentId`,
    { config: family, schema: { ...fileDoc, response: { 200: signingDocumentSchema } } },
    (req) => familyDocument(ctx, req.user!, req.params.fileId, req.params.documentId, metaOf(req)),
  );
  r.post(
    `${FILE}/:documentId/code`,
    { config: family, schema: { ...fileDoc, body: signingEmptySchema, response: { 200: signingCodeSentSchema } } },
    (req) => familyCode(ctx, req.user!, req.params.fileId, req.params.documentId, metaOf(req)),
  );
  r.post(
    `${FILE}/:documentId/sign`,
    { config: family, schema: { ...fileDoc, body: signingSignSchema, response: { 200: signingStateSchema } } },
    (req) => familySign(ctx, req.user!, req.params.fileId, req.params.documentId, req.body, metaOf(req), req.lang),
  );
  r.post(
    `${FILE}/:documentId/link`,
    { config: family, schema: { ...fileDoc, body: signingLinkSchema, response: { 200: signingStateSchema } } },
    (req) => familyLink(ctx, req.user!, req.params.fileId, req.params.documentId, req.body.role, metaOf(req), req.lang),
  );
  r.get(`${FILE}/:documentId/final.pdf`, { config: family, compress: false, schema: fileDoc }, async (req, reply) =>
    sendPdf(reply, await familyFinal(ctx, req.user!, req.params.fileId, req.params.documentId, metaOf(req))),
  );

  const link = { access: "public" } as const;
  const LINK = "/api/signing-links/:token";
  r.get(
    LINK,
    { config: link, schema: { params: signingLinkParams, response: { 200: signingLinkDocumentSchema } } },
    (req) => openLink(ctx, req.params.token, metaOf(req)),
  );
  r.post(
    `${LINK}/code`,
    {
      config: link,
      schema: { params: signingLinkParams, body: signingEmptySchema, response: { 200: signingCodeSentSchema } },
    },
    (req) => codeByLink(ctx, req.params.token, metaOf(req)),
  );
  r.post(
    `${LINK}/sign`,
    {
      config: link,
      schema: { params: signingLinkParams, body: signingSignSchema, response: { 200: signingLinkSignedSchema } },
    },
    (req) => signByLink(ctx, req.params.token, req.body, metaOf(req)),
  );

  const view = { access: "signingView" } as const;
  const manage = { access: "signingManage" } as const;
  const REQUEST = "/api/requests/:requestId/signing";
  const requestDoc = { params: signingRequestDocumentParams };
  r.get(
    REQUEST,
    { config: view, schema: { params: signingRequestParams, response: { 200: signingStateSchema } } },
    (req) => staffState(ctx, req.params.requestId, req.lang, metaOf(req)),
  );
  r.get(
    `${REQUEST}/:documentId/events`,
    { config: view, schema: { ...requestDoc, response: { 200: signingEventsSchema } } },
    (req) => staffEvents(ctx, req.params.requestId, req.params.documentId, metaOf(req)),
  );
  r.post(
    `${REQUEST}/:documentId/remind`,
    { config: manage, schema: { ...requestDoc, body: signingEmptySchema, response: { 200: signingStateSchema } } },
    (req) => remind(ctx, req.user!, req.params.requestId, req.params.documentId, metaOf(req), req.lang),
  );
  r.post(
    `${REQUEST}/:documentId/countersign`,
    {
      config: manage,
      schema: { ...requestDoc, body: signingCountersignSchema, response: { 200: signingStateSchema } },
    },
    (req) =>
      countersign(ctx, req.user!, req.params.requestId, req.params.documentId, req.body.version, metaOf(req), req.lang),
  );
  r.get(`${REQUEST}/:documentId/final.pdf`, { config: view, compress: false, schema: requestDoc }, async (req, reply) =>
    sendPdf(reply, await staffFinal(ctx, req.params.requestId, req.params.documentId, metaOf(req))),
  );
}
