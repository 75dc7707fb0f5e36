import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  createTestApp,
  createUser,
  currentSchoolYearId,
  errorOf,
  loginAs,
  sessionCookie,
  signedInAs,
  TEST_PASSWORD,
  type TestApp,
} from "./support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const UNAUTHENTICATED = {
  es: "Inicie sesión para continuar",
  en: "Log in to continue",
  fr: "Connectez-vous pour continuer",
} as const;

/** The language of an error message for a request with these headers (an anonymous 401). */
async function errorLanguage(headers: Record<string, string>): Promise<string | undefined> {
  const response = await call(t, { method: "GET", url: "/api/account", headers });
  expect(response.statusCode).toBe(401);
  const { message } = errorOf(response);
  return Object.entries(UNAUTHENTICATED).find(([, text]) => text === message)?.[0];
}

describe("language of answers", () => {
  it("follows Accept-Language, preferring the browser's second language when supported", async () => {
    expect(await errorLanguage({ "accept-language": "fr-FR,fr;q=0.9" })).toBe("fr");
    expect(await errorLanguage({ "accept-language": "en-US,fr;q=0.8" })).toBe("fr");
    expect(await errorLanguage({ "accept-language": "en-US,de;q=0.8" })).toBe("en");
    expect(await errorLanguage({ "accept-language": "de-DE" })).toBe("es");
    expect(await errorLanguage({ "accept-language": "de-DE,it;q=0.5" })).toBe("es");
    expect(await errorLanguage({ "accept-language": "*" })).toBe("es");
    expect(await errorLanguage({})).toBe("es");
  });

  it("lets the portal_lang cookie beat Accept-Language, ignoring an unsupported value", async () => {
    expect(await errorLanguage({ cookie: "portal_lang=en", "accept-language": "fr-FR,fr;q=0.9" })).toBe("en");
    expect(await errorLanguage({ cookie: "portal_lang=es", "accept-language": "en" })).toBe("es");
    expect(await errorLanguage({ cookie: "portal_lang=de", "accept-language": "fr" })).toBe("fr");
  });

  it("lets a signed-in user's stored language beat the cookie and the browser", async () => {
    const user = await signedInAs(t, "User", { language: "en" });
    const response = await call(t, {
      method: "PATCH",
      url: "/api/account",
      headers: { cookie: `${user.cookie}; portal_lang=fr`, "accept-language": "fr" },
      payload: {},
    });
    expect(errorOf(response).message).toBe("Check the form data");
    const session = await call(t, {
      method: "GET",
      url: "/api/session",
      headers: { cookie: `${user.cookie}; portal_lang=fr` },
    });
    expect(session.json().language).toBe("en");
  });
});

describe("PUT /api/session/language", () => {
  it("sets the portal_lang cookie for a visitor, which later answers follow", async () => {
    const response = await call(t, {
      method: "PUT",
      url: "/api/session/language",
      headers: { "accept-language": "es" },
      payload: { language: "fr" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: null, language: "fr" });
    const cookie = response.cookies.find((c) => c.name === "portal_lang");
    expect(cookie).toMatchObject({ value: "fr", path: "/", sameSite: "Lax" });
    expect(cookie?.maxAge).toBeGreaterThanOrEqual(30 * 24 * 3600);
    expect(await errorLanguage({ cookie: `portal_lang=${cookie?.value}`, "accept-language": "es" })).toBe("fr");
  });

  it("refuses a language the portal does not offer, in the current language", async () => {
    const response = await call(t, {
      method: "PUT",
      url: "/api/session/language",
      headers: { "accept-language": "en" },
      payload: { language: "de" },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.language).toBe("Choose a language from the list");
    expect(response.cookies.find((c) => c.name === "portal_lang")).toBeUndefined();
  });

  it("stores the language on a signed-in user, and the next login comes back with it", async () => {
    const user = await createUser(t, { language: "es" });
    const cookie = await loginAs(t, user.email);
    const response = await call(t, {
      method: "PUT",
      url: "/api/session/language",
      cookie,
      payload: { language: "en" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ language: "en", user: { email: user.email, language: "en" } });
    const row = await t.ctx.db
      .selectFrom("users")
      .select("language")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row.language).toBe("en");

    // A new login, from a browser that says French and has no cookie, still gets English.
    const login = await call(t, {
      method: "POST",
      url: "/api/auth/login",
      headers: { "accept-language": "fr-FR,fr;q=0.9" },
      payload: { schoolYearId: await currentSchoolYearId(t), email: user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ language: "en", user: { language: "en" } });
    const wrong = await call(t, { method: "PATCH", url: "/api/account", cookie: sessionCookie(login), payload: {} });
    expect(errorOf(wrong).message).toBe("Check the form data");
  });
});
