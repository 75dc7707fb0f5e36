import { createOwnDatabase, type OwnDatabase } from "./own-database.ts";
import { freePort } from "./server-process.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

/**
 * An app on a database of the spec's own whose e-mail goes to a real SMTP server on loopback at
 * `port` (down until the spec starts one there, support/smtp.ts), with short timeouts and retries;
 * the outbox's worker is stopped, so every delivery round is the spec's own (`deliveredAll`).
 */
export async function smtpOutboxApp(name: string): Promise<{ t: TestApp; own: OwnDatabase; port: number }> {
  const port = await freePort();
  const own = await createOwnDatabase(name);
  const t = await createTestApp({
    ...own.env,
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    SMTP_TIMEOUT_SECONDS: "0.5",
    MAIL_RETRY_FIRST_SECONDS: "0.05",
  });
  await t.ctx.outbox.stop();
  return { t, own, port };
}

/** Delivery rounds until no e-mail of the outbox is left unsent (the SMTP server must be up). */
export async function deliveredAll(t: TestApp, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await t.ctx.outbox.deliverDue();
    const pending = await t.ctx.db.selectFrom("mail_outbox").select("id").where("status", "!=", "sent").execute();
    if (pending.length === 0) return;
    if (Date.now() > deadline) throw new Error("not delivered");
    // A retry is due 50 ms after a failed attempt (MAIL_RETRY_FIRST_SECONDS).
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
