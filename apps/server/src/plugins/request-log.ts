import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from "fastify";
import pino from "pino";

/*
 * What a request line may say of its URL (ASVS 14.2.1, 16.2.5): the tokens in the e-mailed links'
 * paths (reset, activation, household invitation, re-enrollment answer, signing link, and the
 * signing link's API, which carries it in its path) are replaced, and so is
 * every query value but those that never name anyone (a staff search by name or cédula stays out
 * of the logs). Logs leave the database's
 * access rules behind, so they hold no secrets and no personal data.
 */
const TOKEN_PATH =
  /^(\/(?:reset-password|account-activate|household-invitation|reenrollment-answer|sign|api\/signing-links)\/)[^/?#]+/;
const PLAIN_QUERY_KEYS = new Set([
  "page",
  "pageSize",
  "sort",
  "order",
  "dir",
  "status",
  "format",
  "kind",
  "language",
  "columns",
  "level",
  "schoolYearId",
  "tab",
  "event",
  "photos",
]);

export function loggedUrl(url: string): string {
  const mark = url.indexOf("?");
  const path = (mark < 0 ? url : url.slice(0, mark)).replace(TOKEN_PATH, "$1[token]");
  if (mark < 0) return path;
  const query = [...new URLSearchParams(url.slice(mark + 1))]
    .map(([key, value]) => `${key}=${PLAIN_QUERY_KEYS.has(key) ? value : "[redacted]"}`)
    .join("&");
  return `${path}?${query}`;
}

/** Fields of the response line that pino-pretty leaves out: its message already says them. */
const RESPONSE_FIELDS = ["method", "url", "statusCode", "ms"];

/**
 * JSON lines are written once 4 KB of them wait, and at least every second: one write for a few
 * dozen requests instead of one each (docs/rules/operations.md "Logs"). A line
 * waits at most a second; at exit (SIGTERM ends with process.exit) pino writes what waits.
 */
export const LOG_BUFFER_BYTES = 4096;
export const LOG_FLUSH_MS = 1000;

/** Standard output (or `dest`, a file descriptor or path), buffered as above. */
export function bufferedDestination(dest: number | string = 1) {
  return pino.destination({ dest, minLength: LOG_BUFFER_BYTES, periodicFlush: LOG_FLUSH_MS, sync: false });
}

/**
 * Logger options: JSON lines (pino) everywhere but development, written through a buffer to
 * standard output; in development pino-pretty prints one readable line per entry, synchronously so
 * the start banner (console.log) lands after them. pino-pretty is loaded only then: production
 * never imports it.
 */
export async function loggerOptions(opts: {
  enabled: boolean;
  level: string;
  pretty: boolean;
}): Promise<FastifyServerOptions["logger"]> {
  if (!opts.enabled) return false;
  // Fastify logs `req` with some errors: the same URL as the request lines.
  const serializers = {
    req: (req: { method?: string; url?: string }) => ({ method: req.method, url: loggedUrl(req.url ?? "") }),
  };
  if (!opts.pretty) return { level: opts.level, serializers, stream: bufferedDestination() };
  const { default: pretty } = await import("pino-pretty");
  const stream = pretty({
    sync: true,
    translateTime: "HH:MM:ss",
    ignore: ["pid", "hostname", "reqId", ...RESPONSE_FIELDS].join(","),
  });
  return { level: opts.level, stream, serializers };
}

/** How the request lines are written: `all`, a line each; `summary`, routine reads summed up. */
export const REQUEST_LOG_MODES = ["all", "summary"] as const;
export type RequestLogMode = (typeof REQUEST_LOG_MODES)[number];

/** A read slower than this keeps its own line in `summary` mode. */
export const SLOW_READ_MS = 250;
/** How often the routine reads' summary line is written (and when the server closes). */
export const READ_SUMMARY_MS = 60_000;

interface RouteReads {
  count: number;
  maxMs: number;
  totalMs: number;
}

/**
 * One line per request, when its answer is sent, instead of Fastify's two (incoming and
 * completed). The incoming line remains at debug level (LOG_LEVEL=debug), to see a request
 * that hangs.
 *
 * In `summary` mode (production's default, docs/rules/operations.md "Logs") a routine read — a GET
 * or HEAD answered below 400, without error, within SLOW_READ_MS — is counted per route instead,
 * and one line a minute says how many each route answered, with their mean and longest time. Writes,
 * refusals, errors and slow reads keep their line. A line costs about as much CPU as the whole
 * session check (bench:session: 10 of 24 µs), and reads are most of the traffic.
 */
export class RequestLog extends LogController {
  readonly #mode: RequestLogMode;
  readonly #slowMs: number;
  #reads = new Map<string, RouteReads>();
  #timer: NodeJS.Timeout | undefined;
  #log: FastifyBaseLogger | undefined;

  constructor(mode: RequestLogMode = "all", options: { slowMs?: number } = {}) {
    super();
    this.#mode = mode;
    this.#slowMs = options.slowMs ?? SLOW_READ_MS;
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log.debug(`${request.method} ${loggedUrl(request.url)} received`);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const elapsed = reply.elapsedTime;
    if (!error && this.#mode === "summary" && isRoutineRead(request.method, reply.statusCode, elapsed, this.#slowMs)) {
      this.#count(`${request.method} ${request.routeOptions.url ?? "(no route)"}`, elapsed, request.server.log);
      return;
    }
    const ms = Math.round(elapsed);
    const url = loggedUrl(request.url);
    const line = { method: request.method, url, statusCode: reply.statusCode, ms };
    const text = `${request.method} ${url} ${reply.statusCode} ${ms} ms`;
    if (error) reply.log.error({ ...line, err: error }, `${text} (response failed)`);
    else reply.log.info(line, text);
  }

  /** Writes the routine reads counted since the last summary, if any (also when the server closes). */
  flush(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#reads.size === 0 || !this.#log) return;
    let total = 0;
    const reads: Record<string, { count: number; meanMs: number; maxMs: number }> = {};
    for (const [route, read] of this.#reads) {
      total += read.count;
      reads[route] = {
        count: read.count,
        meanMs: Math.round((read.totalMs / read.count) * 10) / 10,
        maxMs: Math.round(read.maxMs),
      };
    }
    this.#reads = new Map();
    this.#log.info({ reads }, `${total} routine reads answered`);
  }

  #count(route: string, ms: number, log: FastifyBaseLogger): void {
    const read = this.#reads.get(route);
    if (read) {
      read.count += 1;
      read.totalMs += ms;
      if (ms > read.maxMs) read.maxMs = ms;
    } else this.#reads.set(route, { count: 1, maxMs: ms, totalMs: ms });
    if (!this.#timer) {
      this.#log = log;
      this.#timer = setTimeout(() => this.flush(), READ_SUMMARY_MS);
      this.#timer.unref();
    }
  }
}

function isRoutineRead(method: string, statusCode: number, ms: number, slowMs: number): boolean {
  return (method === "GET" || method === "HEAD") && statusCode < 400 && ms < slowMs;
}
