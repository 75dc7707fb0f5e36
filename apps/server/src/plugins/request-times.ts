import fs from "node:fs";
import type { FastifyInstance } from "fastify";
import { loggedUrl } from "./request-log.ts";
// request.user's type.
import "./request-types.ts";

/** One request as the pacing check reads it (e2e/global-settings/pacing.spec.ts). */
export interface RequestTime {
  /** When the server received it, epoch milliseconds. */
  at: number;
  method: string;
  /** The route's pattern (`/api/enrollment/files/:id/uploads`), null for a static file or a 404. */
  route: string | null;
  url: string;
  status: number;
  /** From the request's arrival to its answer sent: the server's time, whatever the browser waited. */
  ms: number;
  role: string | null;
}

/**
 * Each answered request's time on the server, one JSON line each, for the end-to-end run's pacing
 * check (docs/architecture.md "Tests"). Installed only when REQUEST_TIMES_FILE names
 * a file. The line says no more than the request log's: the URL with its tokens and query values
 * redacted, and the role, not the person. Written synchronously so a line is in the file as soon as
 * its answer has gone: the check reads the file right after its last request.
 */
export function installRequestTimes(app: FastifyInstance, file: string): void {
  const fd = fs.openSync(file, "a");
  app.addHook("onResponse", (request, reply, done) => {
    const ms = reply.elapsedTime;
    const line: RequestTime = {
      at: Math.round(Date.now() - ms),
      method: request.method,
      route: request.routeOptions.url ?? null,
      url: loggedUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(ms * 10) / 10,
      role: request.user?.role ?? null,
    };
    fs.writeSync(fd, `${JSON.stringify(line)}\n`);
    done();
  });
  app.addHook("onClose", (_instance, done) => {
    fs.closeSync(fd);
    done();
  });
}
