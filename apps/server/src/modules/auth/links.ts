import type { AppContext } from "../../context.ts";

/**
 * Absolute link for e-mails, always on the configured origin (config.publicUrl). Never built from
 * the request's Host or X-Forwarded-Host: a forged header would otherwise send the victim a
 * genuine school e-mail pointing at the attacker's site.
 */
export function publicLink(ctx: AppContext, path: string): string {
  return `${ctx.config.publicUrl}${path}`;
}
