import {
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  parseAcceptLanguage,
  pickInitialLanguage,
} from "@portal/shared/languages";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

export const LANGUAGE_COOKIE = "portal_lang";

/** Signed-in user's language, else the visitor's cookie, else the browser's (spec 3 order). */
export function resolveLanguage(request: FastifyRequest): Language {
  if (request.user) return request.user.language;
  const cookie = request.cookies[LANGUAGE_COOKIE];
  if (isLanguage(cookie)) return cookie;
  const header = request.headers["accept-language"];
  return header ? pickInitialLanguage(parseAcceptLanguage(header)) : DEFAULT_LANGUAGE;
}

export function setLanguageCookie(reply: FastifyReply, language: Language, secure: boolean): void {
  reply.setCookie(LANGUAGE_COOKIE, language, {
    path: "/",
    sameSite: "lax",
    secure,
    httpOnly: false,
    maxAge: 365 * 24 * 3600,
  });
}

/** Runs after session loading so a signed-in user's stored language wins. */
export function installLanguage(app: FastifyInstance): void {
  app.decorateRequest("lang", DEFAULT_LANGUAGE);
  // A callback hook: no promise per request.
  app.addHook("onRequest", (request, _reply, done) => {
    request.lang = resolveLanguage(request);
    done();
  });
}
