import type { Server } from "node:http";
import { DEFAULT_LANGUAGE, parseAcceptLanguage, pickInitialLanguage } from "@portal/shared/languages";
import type { FastifyInstance } from "fastify";
import { AppError } from "../lib/errors.ts";
import { sendError } from "./errors.ts";

/*
 * Graceful shutdown without resetting a request a client already sent (SIGTERM, server.ts).
 *
 * Node's server.close() destroys idle keep-alive connections at once; a request already on the
 * wire but not yet read looks idle, and its client gets ECONNRESET. Fastify's own close answers
 * every later request `Connection: close`, which drops the requests pipelined behind it. So the
 * drain runs before Fastify's close, in three phases:
 *  1. From the signal, every answer closes its connection (`Connection: close`), except one with
 *     more requests pipelined behind it on the same connection: the last of them closes it.
 *     Requests on connections opened before the signal are still served for `graceMs`: they may
 *     have been sent before it (the server cannot tell). New connections get 503 SHUTTING_DOWN.
 *  2. After the grace, everything sent before the signal has been read: the server stops
 *     accepting, idle connections are closed, late requests answer 503 SHUTTING_DOWN.
 *  3. The busy connections close after their last answer; past `timeoutMs` they are cut.
 */

export interface Drain {
  /** True from the signal on (GET /api/health answers 503 then). */
  readonly draining: boolean;
  /** Runs the drain; resolves once every connection is closed, with how many had to be cut. */
  run(opts: { graceMs: number; timeoutMs: number }): Promise<{ cut: number }>;
}

/**
 * How many requests a connection has brought so far, and each request's rank on its connection:
 * kept on the socket and the request themselves, as two WeakMap writes per request cost ten times
 * as much, with the collector's work.
 */
const RECEIVED = Symbol("requests received");
const RANK = Symbol("rank on its connection");
type Counted = { [RECEIVED]?: number; [RANK]?: number };

export function installDrain(app: FastifyInstance): Drain {
  /** Connections accepted after the signal. */
  const late = new WeakSet<object>();
  let since: number | undefined;
  let grace = 0;

  app.server.on("connection", (socket) => {
    if (since !== undefined) late.add(socket);
  });

  // Registered first: a refused request touches neither the session nor the database.
  // Callback hooks, as the others on every request's path: no promise per request.
  app.addHook("onRequest", (request, reply, done) => {
    const socket = request.raw.socket as Counted;
    const n = (socket[RECEIVED] ?? 0) + 1;
    socket[RECEIVED] = n;
    (request.raw as Counted)[RANK] = n;
    if (since === undefined || !(late.has(socket) || Date.now() - since > grace)) return done();
    const header = request.headers["accept-language"];
    const lang = header ? pickInitialLanguage(parseAcceptLanguage(header)) : DEFAULT_LANGUAGE;
    // Answered here: Fastify skips the rest (a callback hook that sends does not call done).
    sendError(reply, lang, new AppError(503, "SHUTTING_DOWN"));
  });

  // Pipelined requests are handled side by side and their answers queued in order: only the answer
  // to the last request read on the connection may close it, or Node drops the ones queued behind.
  app.addHook("onSend", (request, reply, payload, done) => {
    if (since !== undefined && (request.raw as Counted)[RANK] === (request.raw.socket as Counted)[RECEIVED]) {
      reply.header("connection", "close");
    }
    done(null, payload);
  });

  return {
    get draining() {
      return since !== undefined;
    },
    async run({ graceMs, timeoutMs }) {
      since = Date.now();
      grace = graceMs;
      const server = app.server;
      if ((await openConnections(server)) > 0) await new Promise((resolve) => setTimeout(resolve, graceMs));
      // Stops accepting and closes the idle connections; calls back once the busy ones have closed too.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // A connection that turns idle later without a closing answer (one streaming since before the signal).
      const sweep = setInterval(() => server.closeIdleConnections(), 200);
      let cut = 0;
      const deadline = setTimeout(
        async () => {
          cut = await openConnections(server);
          server.closeAllConnections();
        },
        Math.max(0, timeoutMs - graceMs),
      );
      await closed;
      clearInterval(sweep);
      clearTimeout(deadline);
      return { cut };
    },
  };
}

function openConnections(server: Server): Promise<number> {
  return new Promise((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
}
