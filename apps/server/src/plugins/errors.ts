import { translate } from "@portal/i18n/translate";
import { DEFAULT_LANGUAGE, type Language, parseAcceptLanguage, pickInitialLanguage } from "@portal/shared/languages";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { z } from "zod";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { AppError } from "../lib/errors.ts";

/** Writes the one error shape every client gets: `{ error: { code, message, fields? } }`. */
export function sendError(reply: FastifyReply, lang: Language, error: AppError): FastifyReply {
  const message = translate(lang, `errors:${error.code}`, error.params);
  return reply.code(error.statusCode).send({
    error: {
      code: error.code,
      message,
      ...(error.fields ? { fields: error.fields } : {}),
      ...(error.details ? { details: error.details } : {}),
    },
  });
}

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Turns zod issues into translated messages keyed by field path ("email", "passwordConfirmation"). */
function fieldMessages(lang: Language, issues: ValidationIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    let key = issue.instancePath.replace(/^\//, "").replace(/\//g, ".") || "_";
    let message: string;
    if (issue.keyword === "unrecognized_keys") {
      const keys = (issue.params.keys as string[] | undefined) ?? [];
      key = keys[0] ?? key;
      message = translate(lang, "validation:unknownField", { field: keys.join(", ").slice(0, 100) });
    } else if (issue.message?.startsWith("validation.")) {
      message = translate(lang, `validation:${issue.message.slice("validation.".length)}`);
    } else {
      // A zod default message (English, technical): show our generic one instead.
      message = translate(lang, "validation:invalidType");
    }
    fields[key] ??= message;
  }
  return fields;
}

/** The same 400 VALIDATION_ERROR as a route schema gives, for a body a service validates itself. */
export function validationError(lang: Language, error: z.ZodError): AppError {
  const issues = error.issues.map((issue) => ({
    keyword: issue.code,
    instancePath: `/${issue.path.join("/")}`,
    message: issue.message,
    params: { keys: "keys" in issue ? issue.keys : undefined },
  }));
  return new AppError(400, "VALIDATION_ERROR", {}, fieldMessages(lang, issues));
}

function clientErrorCode(error: FastifyError): string {
  if (error.statusCode === 413) return "PAYLOAD_TOO_LARGE";
  if (error.statusCode === 415) return "UNSUPPORTED_MEDIA_TYPE";
  if (error.statusCode === 429) return "RATE_LIMITED";
  if (
    error instanceof SyntaxError ||
    error.code === "FST_ERR_CTP_INVALID_JSON_BODY" ||
    error.code === "FST_ERR_CTP_EMPTY_JSON_BODY"
  ) {
    return "INVALID_JSON";
  }
  if (error.statusCode === 404) return "ROUTE_NOT_FOUND";
  return "BAD_REQUEST";
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = request.lang ?? "es";
    if (error instanceof AppError) return sendError(reply, lang, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldMessages(lang, error.validation as unknown as ValidationIssue[]);
      return sendError(reply, lang, new AppError(400, "VALIDATION_ERROR", {}, fields));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendError(reply, lang, new AppError(status, clientErrorCode(error), { minutes: 15 }));
    }
    if (isDatabaseUnavailable(error)) {
      // Expected while the database restarts or is cut: one line, no stack; the pool reconnects by itself.
      request.log.warn(`database unavailable: ${error.message}`);
      return sendError(reply, lang, new AppError(503, "DATABASE_UNAVAILABLE"));
    }
    request.log.error({ err: error }, "unhandled error");
    return sendError(reply, lang, new AppError(500, "INTERNAL"));
  });
}

/**
 * Errors Fastify answers before routing and before any hook (a bad percent-encoding, an over-long
 * path parameter): the same error shape, in the browser's language (no cookie parsed yet).
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const header = request.headers["accept-language"];
  const lang = header ? pickInitialLanguage(parseAcceptLanguage(header)) : DEFAULT_LANGUAGE;
  const status = error.statusCode ?? 400;
  sendError(reply, lang, new AppError(status, status >= 500 ? "INTERNAL" : "BAD_REQUEST"));
}
