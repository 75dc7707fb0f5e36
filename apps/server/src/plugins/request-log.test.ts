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
    expect(loggedUrl("/household-invitation/abcDEF123")).toBe("/household-invitation/[token]");
    expect(loggedUrl("/reenrollment-answer/abcDEF123?lang=es")).toBe("/reenrollment-answer/[token]?lang=[redacted]");
    expect(loggedUrl("/account-activate/xyz?lang=fr")).toBe("/account-activate/[token]?lang=[redacted]");
    expect(loggedUrl("/sign/abcDEF123")).toBe("/sign/[token]");
    expect(loggedUrl("/api/signing-links/abcDEF123/sign")).toBe("/api/signing-links/[token]/sign");
    expect(loggedUrl("/api/signing-links/abcDEF123")).toBe("/api/signing-links/[token]");
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

/** A Fastify app logging at info into `lines` (one parsed JSON object per line). */
function appLogging(log: RequestLog) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({ logger: { level: "info", stream }, logController: log });
  app.addHook("onClose", (_app, done) => {
    log.flush();
    done();
  });
  return { app, lines };
}

describe("summary mode: routine reads summed up, everything else a line (docs/rules/operations.md, Logs)", () => {
  it("counts fast reads per route, and writes writes, refusals and errors each on its line", async () => {
    const { app, lines } = appLogging(new RequestLog("summary", { slowMs: 60_000 }));
    app.get("/api/items/:id", async () => ({ ok: true }));
    app.post("/api/items", async () => ({ ok: true }));
    app.get("/api/private", async (_request, reply) => reply.code(403).send({ error: "no" }));
    app.get("/api/broken", async () => {
      throw new Error("boom");
    });
    for (const id of ["1", "2", "3"]) await app.inject({ url: `/api/items/${id}?search=Vera` });
    await app.inject({ method: "HEAD", url: "/api/items/4" });
    await app.inject({ method: "POST", url: "/api/items", payload: {} });
    await app.inject({ url: "/api/private" });
    await app.inject({ url: "/api/broken" });
    await app.inject({ url: "/nowhere" });
    const perRequest = () => lines.filter((line) => "statusCode" in line).map((line) => line.msg);
    expect(perRequest()).toEqual([
      expect.stringMatching(/^POST \/api\/items 200 \d+ ms$/),
      expect.stringMatching(/^GET \/api\/private 403 \d+ ms$/),
      expect.stringMatching(/^GET \/api\/broken 500 \d+ ms$/),
      expect.stringMatching(/^GET \/nowhere 404 \d+ ms$/),
    ]);
    expect(lines.some((line) => "reads" in line)).toBe(false);
    await app.close();
    const summary = lines.find((line) => "reads" in line) as { msg: string; reads: Record<string, { count: number }> };
    expect(summary.msg).toBe("4 routine reads answered");
    expect(Object.keys(summary.reads).sort()).toEqual(["GET /api/items/:id", "HEAD /api/items/:id"]);
    expect(summary.reads["GET /api/items/:id"]).toMatchObject({ count: 3 });
    // The summary names routes, never a request's URL: no ids, no query.
    expect(JSON.stringify(lines)).not.toContain("Vera");
  });

  it("keeps a slow read's own line", async () => {
    const { app, lines } = appLogging(new RequestLog("summary", { slowMs: 1 }));
    app.get("/api/slow", async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { ok: true };
    });
    await app.inject({ url: "/api/slow" });
    await app.close();
    expect(lines.map((line) => line.msg)).toEqual([expect.stringMatching(/^GET \/api\/slow 200 \d+ ms$/)]);
  });

  it("writes every request's line in `all` mode", async () => {
    const { app, lines } = appLogging(new RequestLog("all"));
    app.get("/api/items/:id", async () => ({ ok: true }));
    await app.inject({ url: "/api/items/1" });
    await app.inject({ url: "/api/items/2" });
    await app.close();
    expect(lines.map((line) => line.msg)).toEqual([
      expect.stringMatching(/^GET \/api\/items\/1 200/),
      expect.stringMatching(/^GET \/api\/items\/2 200/),
    ]);
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
