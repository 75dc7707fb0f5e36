import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { type Db, nowIso } from "../db/database.ts";
import { isoFromNow, MINUTE_MS } from "../lib/time.ts";
import { type MailAttachment, type Mailer, SMTP_CONNECTIONS } from "./mailer.ts";
import {
  claimOutboxRow,
  listDueOutboxIds,
  markOutboxFailed,
  markOutboxRetry,
  markOutboxSent,
  type OutboxRow,
} from "./outbox.repository.ts";
import type { AttachmentRecipe } from "./outbox.ts";

/**
 * Delivers the outbox: every process runs one worker; each round takes the pending
 * rows that are due, claims each with a guarded update (two processes never send one row at the
 * same time) and hands it to the mailer. A refused or silent mail server, or the database being
 * away, only moves the row's next attempt later; nothing is lost and the request that queued the
 * mail never waited for any of it.
 *
 * Retries back off from `retryFirstMs`, doubling up to 30 minutes, until the mail is
 * `retryForMs` old (48 hours by default); a permanent refusal (an SMTP 5xx answer, such as an
 * unknown mailbox) fails the row at once. Failed rows stay for the staff to see and resend.
 */

const BATCH = 20;
/** Attempts under way at once: a slow mail (PDFs, a slow server) does not hold up the others. */
const CONCURRENCY = SMTP_CONNECTIONS;
const MAX_DELAY_MS = 30 * MINUTE_MS;
/** Rendered attachments kept per recipe (a recipe's two PDFs are about 50 KB). */
const RENDERED_MAX = 32;
const RENDERED_MS = 10 * MINUTE_MS;

export interface OutboxWorker {
  /** Stamped on the rows this process queues (`queued_by`): who queued a mail, for the logs. */
  readonly instanceId: string;
  /** Polls for due mails every `pollMs` until stopped; logs to `log` when given (the server's). */
  start(log?: OutboxLog): void;
  /** A mail was just queued: deliver now rather than at the next poll. */
  kick(): void;
  /** One round, awaited: the tests' and the CLI's way to deliver what is due. */
  deliverDue(): Promise<void>;
  /**
   * The end of a round that began after this call: a mail committed before it has been tried.
   * Unlike deliverDue, it does not wait for the rounds other mails keep asking for.
   */
  nextRound(): Promise<void>;
  /** Stops polling and waits for the attempt under way (at most `timeoutMs`). */
  stop(timeoutMs?: number): Promise<void>;
}

export interface OutboxLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** The delay before attempt `attempts + 1`, after `attempts` failed ones (1 → the first retry). */
export function retryDelayMs(attempts: number, firstMs: number): number {
  return Math.min(firstMs * 2 ** Math.max(0, attempts - 1), MAX_DELAY_MS);
}

/** An SMTP 5xx answer is final (the server will say the same tomorrow); anything else may pass later. */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

function describe(error: unknown): string {
  const e = error as { code?: unknown; response?: unknown; message?: unknown } | null;
  const text = typeof e?.response === "string" ? e.response : String(e?.message ?? error);
  return [typeof e?.code === "string" ? e.code : null, text].filter(Boolean).join(": ").slice(0, 500);
}

export function createOutboxWorker(opts: {
  db: Db;
  mailer: Mailer;
  retryFirstMs: number;
  retryForMs: number;
  /** How long a claim holds a row: longer than any attempt can take. */
  lockMs: number;
  pollMs: number;
  /** Deliver only the mails this worker's process queued (tests: several portals, one database). */
  ownOnly: boolean;
  resolveAttachments: (recipe: AttachmentRecipe) => Promise<MailAttachment[]>;
  log: OutboxLog;
}): OutboxWorker {
  const instanceId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let timer: NodeJS.Timeout | undefined;
  let polling = false;
  let current: Promise<void> | undefined;
  let again = false;
  let log = opts.log;

  /**
   * Attachments rendered for a recipe, kept a while: a retry does not render the PDFs again (each costs a
   * tenth of a second of drawing).
   */
  const rendered = new Map<string, { attachments: Promise<MailAttachment[]>; until: number }>();
  function attachmentsOf(recipeJson: string): Promise<MailAttachment[]> {
    const now = Date.now();
    const kept = rendered.get(recipeJson);
    if (kept && kept.until > now) return kept.attachments;
    // The promise is kept, not its result: the family's other recipients in the same language,
    // attempted at the same moment, wait for this one rendering.
    const attachments = opts.resolveAttachments(JSON.parse(recipeJson) as AttachmentRecipe);
    if (rendered.size >= RENDERED_MAX) rendered.delete(rendered.keys().next().value ?? "");
    rendered.set(recipeJson, { attachments, until: now + RENDERED_MS });
    attachments.catch(() => rendered.delete(recipeJson));
    return attachments;
  }

  /** One attempt; "unreachable" when the mail server could not take it (the round stops trying). */
  async function attempt(row: OutboxRow): Promise<"sent" | "unreachable" | "failed"> {
    let sending = false;
    try {
      const attachments = row.attachments ? await attachmentsOf(row.attachments) : undefined;
      sending = true;
      await opts.mailer.send({
        messageId: row.message_id,
        fileStem: `${row.created_at.replace(/[:.]/g, "-")}-${row.id}`,
        to: row.to_address,
        subject: row.subject,
        text: row.body_text,
        html: row.body_html,
        attachments,
      });
    } catch (error) {
      const reason = describe(error);
      const permanent = isPermanentFailure(error);
      const expired = Date.now() - Date.parse(row.created_at) >= opts.retryForMs;
      if (permanent || expired) {
        await markOutboxFailed(opts.db, row.id, reason);
        log.warn({ mailId: row.id, to: row.to_address, err: reason }, "e-mail failed for good");
      } else {
        await markOutboxRetry(opts.db, row.id, reason, isoFromNow(retryDelayMs(row.attempts, opts.retryFirstMs)));
        log.warn({ mailId: row.id, to: row.to_address, err: reason }, "e-mail not delivered, will retry");
      }
      return sending && !permanent ? "unreachable" : "failed";
    }
    await markOutboxSent(opts.db, row.id, nowIso());
    return "sent";
  }

  /**
   * Takes the due rows in batches. Once an attempt finds the mail server unreachable, the round
   * stops taking rows: the others would wait for the same timeout and count an attempt for
   * nothing; they stay due for the next round.
   */
  async function round(): Promise<void> {
    let unreachable = false;
    while (!unreachable) {
      const now = nowIso();
      const ids = await listDueOutboxIds(opts.db, now, BATCH, opts.ownOnly ? instanceId : null);
      const queue = [...ids];
      const lane = async () => {
        for (let id = queue.shift(); id !== undefined && !unreachable; id = queue.shift()) {
          const row = await claimOutboxRow(opts.db, id, now, isoFromNow(opts.lockMs));
          if (row && (await attempt(row)) === "unreachable") unreachable = true;
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, ids.length) }, lane));
      if (ids.length < BATCH) return;
    }
  }

  /** One round at a time; a kick during a round runs one more after it. */
  function run(): Promise<void> {
    if (current) {
      again = true;
      return current;
    }
    current = round()
      .catch((error: unknown) => {
        // The database is away: the rows wait for the next round.
        log.warn({ err: describe(error) }, "e-mail outbox round failed, will retry");
      })
      .finally(() => {
        current = undefined;
        if (again) {
          again = false;
          void run();
        }
      });
    return current;
  }

  function schedule(): void {
    if (!polling) return;
    timer = setTimeout(() => {
      void run().finally(schedule);
    }, opts.pollMs);
    timer.unref();
  }

  return {
    instanceId,
    start(serverLog) {
      if (serverLog) log = serverLog;
      if (polling) return;
      polling = true;
      void run();
      schedule();
    },
    kick() {
      if (polling) void run();
    },
    async deliverDue() {
      await run();
      // A kick may have queued one more round behind this one.
      while (current) await current;
    },
    async nextRound() {
      if (!current) return run();
      again = true;
      await current;
      // The round under way began before the call; the one its end started (again) did not.
      if (current) await current;
    },
    async stop(timeoutMs = 10_000) {
      polling = false;
      again = false;
      clearTimeout(timer);
      if (!current) return;
      let limit: NodeJS.Timeout | undefined;
      await Promise.race([current, new Promise((resolve) => (limit = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(limit);
    },
  };
}
