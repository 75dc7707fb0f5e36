import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { loggedUrl, RequestLog } from "./request-log.ts";

describe("request lines keep secrets and personal data out (ASVS 14.2.1, 16.2.5)", () => {
  it("replaces the reset and activation tokens and every query value but the plain ones", () => {
    expect(loggedUrl("/reset-password/abcDEF123")).toBe("/reset-password/[token]");
    expect(loggedUrl("/account-activate/xyz?lang=fr")).toBe("/account-activate/[token]?lang=[redacted]");
    expect(loggedUrl("/api/requests?search=Mar%C3%ADa%20Vera&page=2&status=sent")).toBe(
      "/api/requests?search=[redacted]&page=2&status=sent",
    );
    expect(loggedUrl("/api/requests?search=1712345678")).toBe("/api/requests?search=[redacted]");
    expect(loggedUrl("/api/health")).toBe("/api/health");
  });

  it("is what a real server writes for each request", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { level: "info", stream }, logController: new RequestLog() });
    app.get("/reset-password/:token", async () => "ok");
    app.get("/api/requests", async () => "ok");
    await app.inject({ url: "/reset-password/s3cr3t-token-value" });
    await app.inject({ url: "/api/requests?search=Vera%20Mora&page=3" });
    await app.close();
    const text = lines.join("");
    expect(text).toContain("/reset-password/[token]");
    expect(text).toContain("search=[redacted]&page=3");
    expect(text).not.toContain("s3cr3t");
    expect(text).not.toContain("Vera");
  });
});
