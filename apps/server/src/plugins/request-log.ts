import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from "fastify";

/** Fields of the response line that pino-pretty leaves out: its message already says them. */
const RESPONSE_FIELDS = ["method", "url", "statusCode", "ms"];

/**
 * Logger options: JSON lines (pino) everywhere but development, where pino-pretty prints one
 * readable line per entry, synchronously so the start banner (console.log) lands after them.
 * pino-pretty is loaded only then: production never imports it.
 */
export async function loggerOptions(opts: {
  enabled: boolean;
  level: string;
  pretty: boolean;
}): Promise<FastifyServerOptions["logger"]> {
  if (!opts.enabled) return false;
  if (!opts.pretty) return { level: opts.level };
  const { default: pretty } = await import("pino-pretty");
  const stream = pretty({
    sync: true,
    translateTime: "HH:MM:ss",
    ignore: ["pid", "hostname", "reqId", ...RESPONSE_FIELDS].join(","),
  });
  return { level: opts.level, stream };
}

/**
 * One line per request, when its answer is sent, instead of Fastify's two (incoming and
 * completed). The incoming line remains at debug level (LOG_LEVEL=debug), to see a request
 * that hangs.
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug(`${request.method} ${request.url} received`);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const ms = Math.round(reply.elapsedTime);
    const line = { method: request.method, url: request.url, statusCode: reply.statusCode, ms };
    const text = `${request.method} ${request.url} ${reply.statusCode} ${ms} ms`;
    if (error) reply.log.error({ ...line, err: error }, `${text} (response failed)`);
    else reply.log.info(line, text);
  }
}
