import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";

/** Absolute link for e-mails: PUBLIC_URL when configured, else the address the request came to. */
export function publicLink(ctx: AppContext, request: FastifyRequest, path: string): string {
  const base = ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
  return `${base}${path}`;
}
