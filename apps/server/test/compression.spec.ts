import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, signedInAs, type TestApp } from "./support/test-app.ts";

/**
 * Compression: built files sent as the build's .br/.gz copy the browser accepts,
 * HTML and JSON answers compressed on the fly from 1 KB. Downloads staying uncompressed is
 * checked by the download specs themselves (downloadLikeABrowser in support/test-app.ts).
 */
let t: TestApp;
let webDist: string;
// Big enough to be worth compressing, varied enough not to be trivial.
const script = Array.from({ length: 400 }, (_, i) => `export const value${i} = "${i.toString(36)}";`).join("\n");
const html = `<!doctype html><html lang="es"><head><title>Portal</title></head><body>${"<p>hola</p>".repeat(200)}</body></html>`;

/** The copies the web build writes next to each file (vite-plugin-compression2). */
function writeWithCopies(file: string, text: string) {
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), "portal-web-"));
  fs.mkdirSync(path.join(webDist, "assets"));
  writeWithCopies(path.join(webDist, "index.html"), html);
  writeWithCopies(path.join(webDist, "assets", "app-1234.js"), script);
  writeWithCopies(path.join(webDist, "assets", "app-1234.css"), `body{margin:0}\n${".a{color:red}\n".repeat(100)}`);
  // A file whose copies the build skipped (they were no smaller).
  fs.writeFileSync(path.join(webDist, "assets", "tiny-1234.js"), "1");
  // The build manifest scripts/check-bundle.mjs reads.
  fs.mkdirSync(path.join(webDist, ".vite"));
  fs.writeFileSync(path.join(webDist, ".vite", "manifest.json"), "{}");
  t = await createTestApp({}, { webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, cookie?: string) =>
  call(t, { method: "GET", url, cookie, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

function decoded(response: LightMyRequestResponse): string {
  const body = response.rawPayload;
  switch (response.headers["content-encoding"]) {
    case "br":
      return zlib.brotliDecompressSync(body).toString();
    case "gzip":
      return zlib.gunzipSync(body).toString();
    default:
      return body.toString();
  }
}

describe("built files", () => {
  it("are sent as the brotli copy when br is accepted, preferred to gzip", async () => {
    const response = await get("/assets/app-1234.js", "gzip, deflate, br, zstd");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toContain("Accept-Encoding");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.rawPayload.length).toBeLessThan(script.length / 3);
    expect(decoded(response)).toBe(script);
  });

  it("are sent as the gzip copy when only gzip is accepted", async () => {
    for (const url of ["/assets/app-1234.js", "/assets/app-1234.css"]) {
      const response = await get(url, "gzip");
      expect(response.headers["content-encoding"], url).toBe("gzip");
      expect(response.headers.vary, url).toContain("Accept-Encoding");
      expect(decoded(response), url).toBe(fs.readFileSync(path.join(webDist, url)).toString());
    }
    expect((await get("/assets/app-1234.css", "gzip")).headers["content-type"]).toMatch(/^text\/css/);
  });

  it("are sent as they are when no copy is accepted, or when the build wrote none", async () => {
    for (const acceptEncoding of [undefined, "identity", "deflate", "br;q=0, gzip;q=0"]) {
      const response = await get("/assets/app-1234.js", acceptEncoding);
      expect(response.statusCode, acceptEncoding).toBe(200);
      expect(response.headers["content-encoding"], acceptEncoding).toBeUndefined();
      expect(response.headers.vary, acceptEncoding).toContain("Accept-Encoding");
      expect(response.body, acceptEncoding).toBe(script);
    }
    const tiny = await get("/assets/tiny-1234.js", "br, gzip");
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.body).toBe("1");
  });

  it("the build manifest is not served: a dot folder's path gets the SPA like any unknown path", async () => {
    const response = await get("/.vite/manifest.json");
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.body).toBe(html);
  });

  it("index.html is compressed, at / and at every screen's path", async () => {
    for (const url of ["/", "/login", "/index.html"]) {
      const response = await get(url, "gzip, deflate, br");
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-encoding"], url).toBe("br");
      expect(response.headers["content-type"], url).toMatch(/^text\/html/);
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(decoded(response), url).toBe(html);
    }
    const gzip = await get("/requests/12", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(decoded(gzip)).toBe(html);
  });
});

describe("API answers", () => {
  it("a large JSON answer is gzipped when accepted, and decompresses to the same JSON", async () => {
    const { cookie } = await signedInAs(t, "Admin");
    const plain = await get("/api/catalogs/countries", undefined, cookie);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(5_000);

    const compressed = await get("/api/catalogs/countries", "gzip, deflate, br", cookie);
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers["content-encoding"]).toBe("gzip");
    expect(compressed.headers["content-type"]).toMatch(/^application\/json/);
    expect(compressed.headers.vary).toContain("accept-encoding");
    expect(compressed.rawPayload.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(decoded(compressed))).toEqual(plain.json());
  });

  it("a small JSON answer is sent as it is: below 1 KB compression gains nothing", async () => {
    const response = await get("/api/health", "gzip, br");
    expect(response.statusCode).toBe(200);
    expect(response.body.length).toBeLessThan(1024);
    expect(response.headers["content-encoding"]).toBeUndefined();
  });

  it("a compressed request body is refused as it is, never inflated past the body limit", async () => {
    const response = await call(t, {
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
      payload: zlib.gzipSync(JSON.stringify({ email: "a@b.c", password: "x" })),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});
