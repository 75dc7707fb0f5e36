import http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createOwnDatabase } from "./support/own-database.ts";
import { freePort, startServerProcess, waitUntil } from "./support/server-process.ts";

/*
 * SIGTERM under requests: every request sent before the signal is answered (none
 * reset), whether in flight, waiting on an idle keep-alive connection or pipelined; a new
 * connection during the drain gets 503 SHUTTING_DOWN or is refused; the process exits 0.
 * Figures under load: `npm run check:shutdown`.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

/** A GET whose promise resolves once its bytes are with the OS (`sent`) and when answered. */
function send(agent: http.Agent | false, port: number, path: string) {
  let sent: () => void = () => {};
  const isSent = new Promise<void>((resolve) => {
    sent = resolve;
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path, agent }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => {
        body += chunk.toString("utf8");
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
    });
    request.on("finish", sent);
    request.on("error", reject);
    request.end();
  });
  return { sent: isSent, answer };
}

/** Several GETs written at once on one connection (HTTP/1.1 pipelining); resolves with every status line. */
function pipelined(port: number, paths: string[]) {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (chunk: Buffer) => {
    received += chunk.toString("latin1");
  });
  const answers = new Promise<string[]>((resolve, reject) => {
    socket.on("error", reject);
    socket.on("end", () => resolve([...received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => match[1] ?? "")));
  });
  const sent = new Promise<void>((resolve) => {
    socket.on("connect", () => {
      const text = paths.map((path) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`).join("");
      socket.write(text, () => resolve());
    });
  });
  return { sent, answers };
}

/** A POST whose headers and first bytes are sent, the rest held until `finish()`. */
function heldPost(port: number, path: string, body: string) {
  const request = http.request({
    host: "127.0.0.1",
    port,
    path,
    method: "POST",
    agent: false,
    headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
  });
  const answer = new Promise<number>((resolve, reject) => {
    request.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    request.on("error", reject);
  });
  request.write(body.slice(0, 5));
  return { answer, finish: () => request.end(body.slice(5)) };
}

describe("SIGTERM", () => {
  it("answers every request sent before it (in flight, idle keep-alive, pipelined) and refuses new connections", async () => {
    const own = await createOwnDatabase("shutdown");
    cleanups.push(() => own.drop());
    const port = await freePort();
    const server = startServerProcess({
      ...own.env,
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "debug",
    });
    cleanups.push(async () => {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
      await server.exited;
    });
    await waitUntil(server, "GET /api/health", async () => {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
      return response?.status === 200 ? true : undefined;
    });

    // Eight keep-alive connections, open and idle.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    cleanups.push(async () => agent.destroy());
    const warm = Array.from({ length: 8 }, () => send(agent, port, "/api/school-years"));
    for (const { answer } of warm) expect((await answer).status).toBe(200);

    // A request in flight (its body not all there), one on each idle connection, three pipelined; then the signal.
    const held = heldPost(port, "/api/auth/login?probe=held", JSON.stringify({ schoolYearId: 1, email: "a@b.c" }));
    await waitUntil(server, "the held request", () =>
      server.stdout().includes("/api/auth/login?probe=[redacted]") ? true : undefined,
    );
    const onIdle = Array.from({ length: 8 }, (_, i) => send(agent, port, `/api/school-years?n=${i}`));
    const pipeline = pipelined(port, ["/api/school-years?p=1", "/api/health?p=2", "/api/school-years?p=3"]);
    await Promise.all([...onIdle.map(({ sent }) => sent), pipeline.sent]);
    server.child.kill("SIGTERM");
    await waitUntil(server, "the SIGTERM log line", () => (server.stdout().includes("SIGTERM") ? true : undefined));

    // A new connection during the drain: 503 SHUTTING_DOWN with Connection: close, or refused once the server stops accepting.
    const late = await send(false, port, "/api/school-years").answer.catch((error: NodeJS.ErrnoException) => error);
    if (late instanceof Error) {
      expect(late.code).toBe("ECONNREFUSED");
    } else {
      expect(late.status).toBe(503);
      expect(late.connection).toBe("close");
      expect(JSON.parse(late.body).error.code).toBe("SHUTTING_DOWN");
    }

    // Answered: served (before the signal was handled, or within the 1 s grace), or, on a machine so
    // busy that the server read them only after the grace, 503 SHUTTING_DOWN; never reset.
    for (const { answer } of onIdle) {
      const { status, body } = await answer;
      if (status !== 200)
        expect({ status, code: JSON.parse(body).error?.code }).toEqual({ status: 503, code: "SHUTTING_DOWN" });
    }
    // All three answered (200; health says 503 "stopping" once the drain has begun; 503 SHUTTING_DOWN
    // past the grace); none dropped or reset.
    const statuses = await pipeline.answers;
    expect(statuses).toHaveLength(3);
    for (const status of statuses) expect(["200", "503"]).toContain(status);

    held.finish();
    expect([400, 401]).toContain(await held.answer);
    expect(await server.exited).toEqual({ code: 0, signal: null });
  }, 90_000);
});
