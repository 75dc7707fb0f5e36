import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, createUser, loginAs, type TestApp } from "./support/test-app.ts";

// The server's side of the public pages it draws (docs/web.md "Server-drawn public pages"): which
// requests get a drawn page, with which data and headers, and what happens when drawing fails.
// The web build's bundle is stood in for by a module that echoes what it was given, so each
// answer shows the input the server gathered; the real bundle is drawn in e2e/public-pages.spec.ts.
const SHELL = "<!doctype html><html><body><div id=root>shell</div></body></html>";
const BUNDLE = `
import fs from "node:fs";
import { isMainThread } from "node:worker_threads";
export function drawsPath(pathname) {
  return !pathname.startsWith("/not-drawn");
}
export async function drawPage(input) {
  fs.appendFileSync(new URL("./draws.log", import.meta.url), "x");
  if (input.url.startsWith("/throws")) throw new Error("drawing failed");
  if (input.url.startsWith("/signed-in-now")) return undefined;
  return "<!doctype html><pre>" + JSON.stringify(input) + "</pre><!--" + (isMainThread ? "main" : "worker") + " thread-->";
}
`;

let t: TestApp;
let webDist: string;
/** How many drawings the bundle has made: it notes each in a file (it runs in the drawing's thread). */
const draws = () => {
  const log = path.join(webDist, ".ssr/draws.log");
  return fs.existsSync(log) ? fs.readFileSync(log, "utf8").length : 0;
};

function drawnInput(body: string) {
  const json = /<pre>(.*)<\/pre>/s.exec(body)?.[1];
  if (!json) throw new Error(`not a drawn page: ${body.slice(0, 200)}`);
  return JSON.parse(json) as {
    url: string;
    language: string;
    session: { user: unknown; maintenance: boolean };
    publicConfig: { branding: { schoolName: string } };
    schoolYears: { name: string }[];
  };
}

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), "portal-drawn-"));
  fs.writeFileSync(path.join(webDist, "index.html"), SHELL);
  fs.mkdirSync(path.join(webDist, ".ssr"));
  fs.writeFileSync(path.join(webDist, ".ssr/render-page.js"), BUNDLE);
  t = await createTestApp({ SCHOOL_NAME: "Lycée des Tests" }, { webDist });
});

afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe("public pages drawn by the server", () => {
  it("draws a signed-out visitor's page from the session, branding and school years, private to its language", async () => {
    const response = await call(t, {
      method: "GET",
      url: "/login?next=1",
      headers: { "accept-language": "fr-FR,fr;q=0.9" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("private, no-cache");
    expect(String(response.headers.vary).split(/,\s*/)).toEqual(
      expect.arrayContaining(["Accept-Encoding", "Accept-Language", "Cookie"]),
    );
    expect(response.headers["content-language"]).toBe("fr");
    const input = drawnInput(response.body);
    // Drawn from the path alone (no drawn page reads its query): one cache entry whatever follows "?".
    expect(input.url).toBe("/login");
    // Drawn in the drawing's own thread: React's render never holds the main thread.
    expect(response.body).toContain("<!--worker thread-->");
    expect(input.language).toBe("fr");
    expect(input.session).toMatchObject({ user: null, maintenance: false, language: "fr" });
    expect(input.publicConfig.branding.schoolName).toBe("Lycée des Tests");
    expect(Array.isArray(input.schoolYears)).toBe(true);
    // The security headers every page gets, the strict CSP among them.
    expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
  });

  it("takes the visitor's language cookie first, and falls back to the default for one that does not exist", async () => {
    const cookie = await call(t, {
      method: "GET",
      url: "/register",
      headers: { "accept-language": "en", cookie: "portal_lang=fr" },
    });
    expect(drawnInput(cookie.body).language).toBe("fr");
    const unknown = await call(t, {
      method: "GET",
      url: "/register",
      headers: { "accept-language": "de-DE", cookie: "portal_lang=xx" },
    });
    expect(drawnInput(unknown.body).language).toBe("es");
    expect(unknown.headers["content-language"]).toBe("es");
  });

  it("sends the copy the browser accepts, br then gzip, and the page itself otherwise", async () => {
    const plain = await call(t, { method: "GET", url: "/forgot-password" });
    const br = await call(t, { method: "GET", url: "/forgot-password", headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await call(t, {
      method: "GET",
      url: "/forgot-password",
      headers: { "accept-encoding": "gzip, br;q=0" },
    });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers["content-encoding"]).toBeUndefined();
  });

  it("draws a page once for the same data, again when its data changes", async () => {
    // The specs share one database: another file may add a school year between two calls, which is
    // new data and rightly a new drawing. So the count is checked against the distinct inputs seen.
    const before = draws();
    const inputs = new Set<string>();
    const drawn = async (url: string, language: string) => {
      const response = await call(t, { method: "GET", url, headers: { "accept-language": language } });
      inputs.add(JSON.stringify(drawnInput(response.body)));
    };
    await drawn("/reset-password/same", "en");
    await drawn("/reset-password/same?utm=1", "en");
    expect(draws() - before).toBe(inputs.size);
    const englishInputs = inputs.size;
    await drawn("/reset-password/same", "es");
    expect(inputs.size).toBe(englishInputs + 1);
    expect(draws() - before).toBe(inputs.size);
  });

  it("gives a signed-in visitor the app's shell: drawn pages are only ever the signed-out ones", async () => {
    const user = await createUser(t, { role: "User" });
    const cookie = await loginAs(t, user.email);
    const response = await call(t, { method: "GET", url: "/login", cookie });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SHELL);
  });

  it("sends the shell when the page is not one drawn, or when drawing it fails (never a 500)", async () => {
    const drawsBefore = draws();
    const notDrawn = await call(t, { method: "GET", url: "/not-drawn" });
    expect(notDrawn.statusCode).toBe(200);
    expect(notDrawn.body).toBe(SHELL);
    // An address not drawn is not even handed to the drawing (nor its data gathered).
    expect(draws() - drawsBefore).toBe(0);
    const declined = await call(t, { method: "GET", url: "/signed-in-now" });
    expect(declined.body).toBe(SHELL);
    const fails = await call(t, { method: "GET", url: "/throws" });
    expect(fails.statusCode).toBe(200);
    expect(fails.body).toBe(SHELL);
    // A failure is not kept: the next visitor gets another try.
    const before = draws();
    await call(t, { method: "GET", url: "/throws" });
    expect(draws() - before).toBe(1);
  });

  it("sends the shell while the database cannot be read, and draws again once it can", async () => {
    const app = await createTestApp({}, { webDist });
    try {
      await app.ctx.db.destroy();
      const response = await call(app, { method: "GET", url: "/login" });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(SHELL);
    } finally {
      await app.close().catch(() => {});
    }
    const again = await call(t, { method: "GET", url: "/login" });
    expect(drawnInput(again.body).url).toBe("/login");
  });
});

describe("with a server bundle that cannot be loaded", () => {
  it("every page gets the app's shell, never a 500", async () => {
    const broken = fs.mkdtempSync(path.join(os.tmpdir(), "portal-broken-"));
    fs.writeFileSync(path.join(broken, "index.html"), SHELL);
    fs.mkdirSync(path.join(broken, ".ssr"));
    fs.writeFileSync(path.join(broken, ".ssr/render-page.js"), "export const = ;");
    const app = await createTestApp({}, { webDist: broken });
    try {
      for (const url of ["/login", "/register"]) {
        const response = await call(app, { method: "GET", url });
        expect(response.statusCode).toBe(200);
        expect(response.body).toBe(SHELL);
      }
    } finally {
      await app.close();
      fs.rmSync(broken, { recursive: true, force: true });
    }
  });
});

describe("without the web build's server bundle", () => {
  it("every page gets the app's shell, as before drawing existed", async () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), "portal-shell-"));
    fs.writeFileSync(path.join(bare, "index.html"), SHELL);
    const app = await createTestApp({}, { webDist: bare });
    try {
      const response = await call(app, { method: "GET", url: "/login" });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(SHELL);
    } finally {
      await app.close();
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });
});
