import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  // A tiny built SPA, so non-API paths are served the way production serves them.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), "portal-web-"));
  fs.mkdirSync(path.join(webDist, "assets"));
  fs.writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>Portal</title>");
  fs.writeFileSync(path.join(webDist, "assets", "app-1234.js"), "console.log(1)");
  t = await createTestApp({}, { webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

function expectSecurityHeaders(response: LightMyRequestResponse, what: string) {
  const csp = String(response.headers["content-security-policy"] ?? "");
  const directives = csp.split(";").map((d) => d.trim());
  expect(directives, what).toContain("script-src 'self'");
  expect(directives, what).toContain("frame-ancestors 'none'");
  expect(directives, what).toContain("object-src 'none'");
  // ASVS 3.4.3: no <base> may move the page's relative links elsewhere.
  expect(directives, what).toContain("base-uri 'none'");
  expect(csp, what).not.toContain("unsafe-eval");
  expect(
    directives.find((d) => d.startsWith("script-src")),
    what,
  ).not.toContain("unsafe-inline");
  expect(response.headers["x-content-type-options"], what).toBe("nosniff");
  expect(response.headers["referrer-policy"], what).toBe("same-origin");
  expect(response.headers["x-frame-options"], what).toBe("DENY");
}

describe("security headers", () => {
  it("are on API answers, successful or not, which are never stored", async () => {
    const answers = {
      ok: await call(t, { method: "GET", url: "/api/health" }),
      unauthenticated: await call(t, { method: "GET", url: "/api/account" }),
      notFound: await call(t, { method: "GET", url: "/api/no-such-thing" }),
      invalid: await call(t, { method: "POST", url: "/api/auth/login", payload: {} }),
    };
    expect(answers.ok.statusCode).toBe(200);
    for (const [what, response] of Object.entries(answers)) {
      expectSecurityHeaders(response, what);
      expect(response.headers["cache-control"], what).toBe("no-store");
      expect(response.headers["strict-transport-security"], what).toBeUndefined();
    }
  });

  it("are on the SPA's pages and files, which may be cached", async () => {
    const page = await call(t, { method: "GET", url: "/portal/dashboard" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain("<title>Portal</title>");
    expectSecurityHeaders(page, "page");
    expect(page.headers["cache-control"]).toBe("no-cache");

    const asset = await call(t, { method: "GET", url: "/assets/app-1234.js" });
    expect(asset.statusCode).toBe(200);
    expectSecurityHeaders(asset, "asset");
    expect(asset.headers["cache-control"]).toContain("immutable");

    const logo = await call(t, { method: "GET", url: "/branding/logo" });
    expect(logo.statusCode).toBe(200);
    expectSecurityHeaders(logo, "logo");
    expect(logo.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("are on answers Fastify gives before routing (bad URL encoding, over-long parameter), in the error shape", async () => {
    const answers = [
      await call(t, { method: "GET", url: "/api/catalogs/%zz" }),
      await call(t, { method: "PUT", url: `/api/users/${"9".repeat(500)}/role`, payload: { role: "User" } }),
    ];
    for (const response of answers) {
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(errorOf(response).code).toBe("BAD_REQUEST");
      expectSecurityHeaders(response, response.raw.req.url ?? "");
      expect(response.headers["cache-control"]).toBe("no-store");
    }
  });

  it("add HSTS and the __Host- cookie when the portal is served over HTTPS", async () => {
    const https = await createTestApp({ PUBLIC_URL: "https://portal.example" });
    try {
      const user = await signedInAs(https, "User");
      expect(user.cookie).toMatch(/^__Host-portal_sid=/);
      const response = await call(https, { method: "GET", url: "/api/account", cookie: user.cookie });
      expect(response.statusCode).toBe(200);
      expect(response.headers["strict-transport-security"]).toMatch(/max-age=\d{7,}/);
    } finally {
      await https.close();
    }
  });

  it("answers an unknown API path with a JSON 404, never the SPA", async () => {
    for (const [method, url] of [
      ["GET", "/api/nothing-here"],
      ["GET", "/api"],
      ["POST", "/api/nothing-here"],
      ["DELETE", "/api/account"],
    ] as const) {
      const response = await call(t, { method, url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["content-type"], url).toMatch(/^application\/json/);
      expect(errorOf(response).code, url).toBe("ROUTE_NOT_FOUND");
    }
  });
});

describe("cross-site request forgery", () => {
  const logout = (cookie: string, headers: Record<string, string>) =>
    call(t, { method: "POST", url: "/api/auth/logout", cookie, headers });
  const stillSignedIn = async (cookie: string) =>
    (await call(t, { method: "GET", url: "/api/account", cookie })).statusCode === 200;

  it("refuses a state change whose Fetch Metadata is not same-origin, leaving the session alone", async () => {
    const { cookie } = await signedInAs(t, "User");
    for (const site of ["cross-site", "same-site", "none"]) {
      const response = await logout(cookie, { "sec-fetch-site": site });
      expect(response.statusCode, site).toBe(403);
      expect(errorOf(response).code, site).toBe("CSRF_REJECTED");
      // Fetch Metadata wins over a matching Origin.
      const withOrigin = await logout(cookie, {
        "sec-fetch-site": site,
        host: "portal.test",
        origin: "http://portal.test",
      });
      expect(withOrigin.statusCode, site).toBe(403);
    }
    expect(await stillSignedIn(cookie)).toBe(true);
  });

  it("refuses a foreign or opaque Origin when the browser sends no Fetch Metadata", async () => {
    const { cookie } = await signedInAs(t, "User");
    for (const origin of ["https://evil.example", "null", "http://portal.test.evil.example", "https://portal.test"]) {
      const response = await logout(cookie, { host: "portal.test", origin });
      expect(response.statusCode, origin).toBe(403);
      expect(errorOf(response).code, origin).toBe("CSRF_REJECTED");
    }
    expect(await stillSignedIn(cookie)).toBe(true);
  });

  it("refuses a cross-site login too (login CSRF), before reading the body", async () => {
    const response = await call(t, {
      method: "POST",
      url: "/api/auth/login",
      headers: { "sec-fetch-site": "cross-site" },
      payload: "not even json",
    });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe("CSRF_REJECTED");
  });

  it("allows a same-origin request by Origin (the configured origin, whatever the Host header says)", async () => {
    const { cookie } = await signedInAs(t, "User");
    const response = await logout(cookie, { host: "portal.test", origin: t.ctx.config.publicUrl });
    expect(response.statusCode).toBe(200);
    expect(await stillSignedIn(cookie)).toBe(false);
  });

  it("allows a same-origin request by Fetch Metadata", async () => {
    const { cookie } = await signedInAs(t, "User");
    const response = await logout(cookie, { "sec-fetch-site": "same-origin", origin: "https://whatever.example" });
    expect(response.statusCode).toBe(200);
    expect(await stillSignedIn(cookie)).toBe(false);
  });

  it("lets cross-site reads through (they change nothing)", async () => {
    const { cookie } = await signedInAs(t, "User");
    const response = await call(t, {
      method: "GET",
      url: "/api/session",
      cookie,
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(response.statusCode).toBe(200);
  });
});
