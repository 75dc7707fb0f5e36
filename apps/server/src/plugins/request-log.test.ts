import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import Fastify from "fastify";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { bufferedDestination, loggedUrl, RequestLog } from "./request-log.ts";

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

describe("the production log's destination is buffered (docs/rules/operations.md, Logs)", () => {
  it("holds lines until 4 KB wait, then writes them at once; nothing is lost on flush", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "log-"));
    const file = path.join(dir, "portal.log");
    const stream = bufferedDestination(file);
    // Opening the file is the first write in flight.
    await once(stream, "ready");
    const log = pino({ level: "info" }, stream);
    // sonic-boom's state: whether a write is in flight.
    const writing = () => (stream as unknown as { _writing: boolean })._writing;
    try {
      for (let i = 0; i < 10; i += 1) log.info({ method: "GET", url: "/api/session", statusCode: 200 }, `line ${i}`);
      expect(writing()).toBe(false);
      expect(fs.readFileSync(file, "utf8")).toBe("");
      stream.flushSync();
      expect(fs.readFileSync(file, "utf8").trim().split("\n")).toHaveLength(10);
      for (let i = 0; i < 60; i += 1) log.info({ method: "GET", url: "/api/session", statusCode: 200 }, `line ${i}`);
      expect(writing()).toBe(true);
    } finally {
      stream.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
