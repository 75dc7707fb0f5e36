import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/database.ts";
import { createOwnDatabase } from "./support/own-database.ts";
import { freePort, type ServerProcess, startServerProcess, waitUntil } from "./support/server-process.ts";
import { startSmtp, waitForMail } from "./support/smtp.ts";

/*
 * The outbox across a crash: a server process killed with SIGKILL while its mail
 * server is down loses no mail; the next process delivers it, once, with the Message-ID it had.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function start(env: Record<string, string>): ServerProcess {
  const server = startServerProcess(env);
  cleanups.push(async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
    await server.exited;
  });
  return server;
}

describe("a server killed while its mails wait", () => {
  it("leaves them in the outbox, and the next server delivers each once", async () => {
    const own = await createOwnDatabase("outbox-crash");
    cleanups.push(() => own.drop());
    const smtpPort = await freePort();
    const port = await freePort();
    const env = {
      ...own.env,
      NODE_ENV: "development",
      SEED_DEMO: "true",
      HOST: "127.0.0.1",
      PORT: String(port),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_RETRY_FIRST_SECONDS: "0.5",
      LOG_LEVEL: "warn",
    };
    const first = start(env);
    const base = `http://127.0.0.1:${port}`;
    await waitUntil(first, "ready", () => (first.stdout().includes("ready on") ? true : undefined));
    const asked = await fetch(`${base}/api/auth/forgot-password`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "familia2@demo.local" }),
    });
    expect(asked.status).toBe(202);

    const { db, close } = openDatabase({ databaseUrl: own.databaseUrl, dataDir: own.dataDir });
    cleanups.push(close);
    const row = () =>
      db.selectFrom("mail_outbox").selectAll().where("to_address", "=", "familia2@demo.local").executeTakeFirst();
    // The first server has tried, and found its mail server down.
    const waiting = await waitUntil(first, "a failed attempt", async () => {
      const found = await row();
      return found && found.attempts > 0 && found.last_error ? found : undefined;
    });
    expect(waiting.status).toBe("pending");
    first.child.kill("SIGKILL");
    expect((await first.exited).signal).toBe("SIGKILL");

    const smtp = await startSmtp(smtpPort);
    cleanups.push(smtp.close);
    const second = start(env);
    const mail = await waitForMail(smtp.mails, "familia2@demo.local", 0, 45_000);
    expect(mail.raw).toContain(`Message-ID: ${waiting.message_id}`);
    expect(mail.decoded).toMatch(/\/reset-password\/[A-Za-z0-9_-]+/);
    await waitUntil(second, "the row marked sent", async () => ((await row())?.status === "sent" ? true : undefined));
    expect(smtp.mails.filter((received) => received.to.includes("familia2@demo.local"))).toHaveLength(1);
  }, 90_000);
});
