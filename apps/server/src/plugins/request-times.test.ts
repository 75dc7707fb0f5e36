import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { installRequestTimes, type RequestTime } from "./request-times.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "request-times-"));
afterEach(() => fs.rmSync(path.join(dir, "times.jsonl"), { force: true }));

describe("request times for the pacing check", () => {
  it("writes one line per answer with the route, the server's time and the role, tokens redacted", async () => {
    const file = path.join(dir, "times.jsonl");
    const app = Fastify();
    app.decorateRequest("user", null);
    app.addHook("onRequest", async (request) => {
      request.user = { role: "User" } as never;
    });
    installRequestTimes(app, file);
    app.get("/api/slow/:id", async () => {
      await new Promise((resolve) => setTimeout(resolve, 60));
      return { ok: true };
    });
    const before = Date.now();
    await app.inject({ method: "GET", url: "/api/slow/7?q=Ana" });
    await app.inject({ method: "GET", url: "/account-activate/secret-token" });
    await app.close();
    const lines = fs
      .readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as RequestTime);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      method: "GET",
      route: "/api/slow/:id",
      url: "/api/slow/7?q=[redacted]",
      status: 200,
      role: "User",
    });
    expect(lines[0]!.ms).toBeGreaterThanOrEqual(55);
    expect(lines[0]!.at).toBeGreaterThanOrEqual(before - 5);
    expect(lines[1]).toMatchObject({ route: null, url: "/account-activate/[token]", status: 404 });
  });
});
