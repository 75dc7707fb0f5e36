import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "../src/mail/mailer.ts";
import { queueMail } from "../src/mail/outbox.ts";
import { createOutboxWorker, isPermanentFailure, retryDelayMs } from "../src/mail/outbox-worker.ts";
import { startBlackHole, startRefusingSmtp } from "./support/mail-servers.ts";
import { createOwnDatabase, type OwnDatabase } from "./support/own-database.ts";
import { register } from "./support/register.ts";
import { freePort } from "./support/server-process.ts";
import { linkToken, startSmtp } from "./support/smtp.ts";
import { call, createTestApp, createUser, type TestApp, uniqueEmail } from "./support/test-app.ts";

/*
 * The durable e-mail outbox against real mail servers that misbehave: one that refuses
 * connections, one that takes them and never answers, one that refuses recipients for good. The
 * portal's answer never waits for any of them; every mail arrives once the server is back, once.
 */

let t: TestApp;
/** A database of its own: the workers made here deliver any due row, not only this app's. */
let own: OwnDatabase;
let port: number;
const servers: { close: () => Promise<void> }[] = [];

beforeAll(async () => {
  port = await freePort();
  own = await createOwnDatabase("outbox");
  t = await createTestApp({
    ...own.env,
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    SMTP_TIMEOUT_SECONDS: "0.5",
    MAIL_RETRY_FIRST_SECONDS: "0.05",
  });
  // No polling here: every delivery round is the test's own (deliverDue), so attempts are counted exactly.
  await t.ctx.outbox.stop();
});
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});
afterAll(async () => {
  await t.close();
  await own.drop();
});

/** A worker of its own on this spec's database, delivering any due row (as another process would). */
function standaloneWorker(smtpUrl: string, retryForMs = 3_600_000) {
  const mailer = createMailer({
    smtpUrl,
    from: t.ctx.config.mailFrom,
    outboxDir: "/nonexistent",
    timeoutMs: 2000,
    log: () => {},
  });
  return createOutboxWorker({
    db: t.ctx.db,
    mailer,
    retryFirstMs: 50,
    retryForMs,
    lockMs: 60_000,
    pollMs: 60_000,
    ownOnly: false,
    resolveAttachments: async () => [],
    log: { info: () => {}, warn: () => {} },
  });
}

/** A plain notice to `to`, queued as a service would (this app's instance). */
function queued(to: string) {
  return queueMail(t.ctx, t.ctx.db, {
    kind: "passwordChanged",
    to,
    subject: "Aviso",
    text: "Hola",
    html: "<p>Hola</p>",
  });
}

function outboxRowsTo(to: string) {
  return t.ctx.db.selectFrom("mail_outbox").selectAll().where("to_address", "=", to).orderBy("id").execute();
}

/** Runs delivery rounds until every mail to `to` is sent (the retry delays are 50 ms here). */
async function deliveredTo(to: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await t.ctx.outbox.deliverDue();
    const rows = await outboxRowsTo(to);
    if (rows.length > 0 && rows.every((row) => row.status === "sent")) return rows;
    if (Date.now() > deadline) throw new Error(`not delivered: ${JSON.stringify(rows)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("a mail server that refuses connections", () => {
  it("signs up at once, keeps the activation mail, and delivers it once when the server is back", async () => {
    const email = uniqueEmail("signup");
    const response = await register(t, email, { language: "es" });
    expect(response.statusCode).toBe(202);
    const user = await t.ctx.db
      .selectFrom("users")
      .select(["id", "activated_at"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(user.activated_at).toBeNull();

    await t.ctx.outbox.deliverDue();
    const [waiting] = await outboxRowsTo(email);
    expect(waiting).toMatchObject({ kind: "activation", status: "pending", user_id: user.id, sent_at: null });
    expect(waiting?.attempts).toBeGreaterThanOrEqual(1);
    expect(waiting?.last_error).toMatch(/ECONNREFUSED|ECONNECTION/);

    const smtp = await startSmtp(port);
    servers.push(smtp);
    const [sent] = await deliveredTo(email);
    expect(sent).toMatchObject({ id: waiting?.id, status: "sent", last_error: null, message_id: waiting?.message_id });
    const received = smtp.mails.filter((mail) => mail.to.includes(email));
    expect(received).toHaveLength(1);
    expect(received[0]?.raw).toContain(`Message-ID: ${waiting?.message_id}`);
    // The link in the mail that waited works.
    const token = linkToken(received[0]!, "/account-activate");
    const activated = await call(t, { method: "POST", url: "/api/auth/activate", payload: { token } });
    expect(activated.statusCode).toBe(200);
  });
});

describe("a mail server that takes the connection and never answers", () => {
  it("answers the reset request at once, gives the attempt up after the timeout, and delivers later", async () => {
    const hole = await startBlackHole(port);
    const user = await createUser(t);
    const response = await call(t, {
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: user.email },
    });
    expect(response.statusCode).toBe(202);

    await t.ctx.outbox.deliverDue();
    const [waiting] = await outboxRowsTo(user.email);
    expect(waiting).toMatchObject({ kind: "passwordReset", status: "pending" });
    expect(waiting?.last_error).toMatch(/timeout|ETIMEDOUT|greeting/i);
    await hole.close();

    const smtp = await startSmtp(port);
    servers.push(smtp);
    await deliveredTo(user.email);
    const received = smtp.mails.filter((mail) => mail.to.includes(user.email));
    expect(received).toHaveLength(1);
    expect(received[0]?.raw).toContain(`Message-ID: ${waiting?.message_id}`);
    expect(received[0]?.decoded).toMatch(/\/reset-password\/[A-Za-z0-9_-]+/);
  });
});

describe("failures that end the retries", () => {
  const worker = (smtpUrl: string, retryForMs = 3_600_000) => standaloneWorker(smtpUrl, retryForMs);

  it("fails a mail at once when the server refuses the recipient for good (5xx)", async () => {
    const refusing = await startRefusingSmtp();
    servers.push(refusing);
    const to = uniqueEmail("unknown");
    const id = await queued(to);
    await worker(refusing.url).deliverDue();
    const [row] = await outboxRowsTo(to);
    expect(row).toMatchObject({ id, status: "failed", attempts: 1 });
    expect(row?.last_error).toMatch(/550|No such mailbox/);
  });

  it("fails a mail once it is older than the retry window, and not before", async () => {
    const to = uniqueEmail("late");
    const id = await queued(to);
    const closed = `smtp://127.0.0.1:${await freePort()}`;
    await worker(closed).deliverDue();
    expect((await outboxRowsTo(to))[0]).toMatchObject({ id, status: "pending", attempts: 1 });
    await t.ctx.db
      .updateTable("mail_outbox")
      .set({
        created_at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
        next_attempt_at: "2000-01-01T00:00:00.000Z",
      })
      .where("id", "=", id)
      .execute();
    await worker(closed, 3_600_000).deliverDue();
    expect((await outboxRowsTo(to))[0]).toMatchObject({ id, status: "failed", attempts: 2 });
  });

  it("backs off by doubling from the first delay up to 30 minutes", () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, 15_000))).toEqual([15_000, 30_000, 60_000, 120_000]);
    expect(retryDelayMs(40, 15_000)).toBe(30 * 60_000);
    expect(isPermanentFailure(Object.assign(new Error("x"), { responseCode: 550 }))).toBe(true);
    expect(isPermanentFailure(Object.assign(new Error("x"), { responseCode: 421 }))).toBe(false);
    expect(isPermanentFailure(Object.assign(new Error("x"), { code: "ECONNREFUSED" }))).toBe(false);
  });
});

describe("several workers on one outbox", () => {
  it("send each mail exactly once when they race for the same rows", async () => {
    const smtp = await startSmtp();
    servers.push(smtp);
    const workers = [0, 1, 2].map(() => standaloneWorker(smtp.url));
    const addresses = Array.from({ length: 30 }, (_, i) => uniqueEmail(`race${i}`));
    for (const to of addresses) await queued(to);
    await Promise.all(workers.map((w) => w.deliverDue()));
    const received = smtp.mails.filter((mail) => addresses.some((to) => mail.to.includes(to)));
    expect(received).toHaveLength(addresses.length);
    expect(new Set(received.map((mail) => mail.to[0])).size).toBe(addresses.length);
    const rows = await t.ctx.db
      .selectFrom("mail_outbox")
      .select(["status", "attempts"])
      .where("to_address", "in", addresses)
      .execute();
    expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
  });
});

describe("waiting for one mail", () => {
  it("ends with the first round that began after the mail was queued, not the round under way", async () => {
    const smtp = await startSmtp();
    servers.push(smtp);
    const worker = standaloneWorker(smtp.url);
    const [first, second] = [uniqueEmail("round1"), uniqueEmail("round2")];
    await queued(first);
    // A round under way, which listed its rows before the second mail existed.
    const underWay = worker.deliverDue();
    await queued(second);
    await worker.nextRound();
    expect((await outboxRowsTo(second)).map((row) => row.status)).toEqual(["sent"]);
    await underWay;
    expect((await outboxRowsTo(first)).map((row) => row.status)).toEqual(["sent"]);
  });
});

describe("a round against an unreachable server", () => {
  it("stops at the first refused connection instead of trying every mail", async () => {
    const addresses = Array.from({ length: 12 }, (_, i) => uniqueEmail(`down${i}`));
    for (const to of addresses) await queued(to);
    await t.ctx.outbox.deliverDue();
    const rows = await t.ctx.db
      .selectFrom("mail_outbox")
      .select(["status", "attempts"])
      .where("to_address", "in", addresses)
      .execute();
    // At most one attempt per lane (4 at once), and every mail still waiting.
    const tried = rows.filter((row) => row.attempts > 0).length;
    expect(tried).toBeGreaterThanOrEqual(1);
    expect(tried).toBeLessThanOrEqual(4);
    expect(rows.every((row) => row.status === "pending" && row.attempts <= 1)).toBe(true);

    const smtp = await startSmtp(port);
    servers.push(smtp);
    for (const to of addresses) await deliveredTo(to);
    expect(smtp.mails.filter((mail) => addresses.some((to) => mail.to.includes(to)))).toHaveLength(addresses.length);
  });
});
