import path from "node:path";
import { startCacheSync } from "./cache-sync.ts";
import type { Config } from "./config.ts";
import type { AppContext } from "./context.ts";
import { type DatabaseHandle, openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { seedReferenceData } from "./db/seeds/reference-data.ts";
import { seedDemo } from "./demo/demo.ts";
import { seedDemoStudents } from "./demo/demo-students.ts";
import { seedDemoYear } from "./demo/demo-year.ts";
import { readSetting, writeSetting } from "./kernel/settings-store.ts";
import { randomToken } from "./lib/crypto.ts";
import { secretBoxOf } from "./lib/data-key.ts";
import { loadEmailTextOverrides } from "./mail/email-text-overrides.ts";
import { createMailer } from "./mail/mailer.ts";
import { createOutboxWorker } from "./mail/outbox-worker.ts";
import { createPasswordHasher } from "./modules/auth/passwords.ts";
import { resolveMailAttachments } from "./modules/enrollment/documents/mail-attachments.ts";
import { sealPlainTotpKeys } from "./modules/mfa/totp-key-store.ts";
import { seedSchoolDocuments } from "./modules/school-documents/document-seed.ts";

/** Due mails are looked for this often (a mail queued by this process is kicked at once). */
const OUTBOX_POLL_MS = 2_000;

/** The worker's lines through the start-up log until the app's logger exists. */
function outboxLog(log: (line: string) => void) {
  const line = (obj: object, msg: string) => log(`${msg} ${JSON.stringify(obj)}`);
  return { info: line, warn: line };
}

export interface Bootstrapped {
  ctx: AppContext;
  /** Its close also stops the change listener (cache-sync.ts): call it last, as before. */
  handle: DatabaseHandle;
  demoSeeded: boolean;
}

/**
 * Opens the database, migrates, seeds, and builds the context. Without CAPTCHA_HMAC_KEY (never
 * in production) a random key is generated once and kept in the database, not in the repo.
 */
export async function bootstrap(config: Config, log: (line: string) => void = console.log): Promise<Bootstrapped> {
  const secrets = secretBoxOf(config);
  const handle = openDatabase(config);
  await migrateToLatest(handle.db);
  // Keys stored in clear (before encryption at rest, or by a fixture) are sealed now; idempotent.
  const sealed = await sealPlainTotpKeys(handle.db, secrets);
  if (sealed > 0) log(`Data encryption: ${sealed} TOTP key(s) stored in clear were encrypted`);
  const hasher = createPasswordHasher(config.argon2MemoryKib);
  const demoSeeded = config.seedDemo ? await seedDemo(handle.db, hasher) : false;
  if (demoSeeded) {
    const started = Date.now();
    await seedDemoStudents(handle.db, config.dataDir);
    const year = await seedDemoYear(handle.db, handle.engine, config.dataDir);
    log(`Demo school: ${year.requests} requests in the current year, seeded in ${Date.now() - started} ms`);
  }
  await seedReferenceData(handle.db);
  await seedSchoolDocuments(handle.db, handle.engine);
  // The Admin's e-mail texts, which the (synchronous) renderers read from memory.
  await loadEmailTextOverrides(handle.db);
  let captchaHmacKey = config.captchaHmacKey ?? (await readSetting(handle.db, "captcha_hmac_key"));
  if (!captchaHmacKey) {
    captchaHmacKey = randomToken(32);
    await writeSetting(handle.db, "captcha_hmac_key", captchaHmacKey);
  }
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, "outbox"),
    timeoutMs: config.mail.smtpTimeoutMs,
    log,
  });
  const ctx: AppContext = {
    config,
    db: handle.db,
    engine: handle.engine,
    mailer,
    hasher,
    captchaHmacKey,
    secrets,
    outbox: createOutboxWorker({
      db: handle.db,
      mailer,
      retryFirstMs: config.mail.retryFirstMs,
      retryForMs: config.mail.retryForMs,
      // Longer than an attempt can take: three SMTP waits and the PDFs' rendering.
      lockMs: Math.max(5 * 60_000, config.mail.smtpTimeoutMs * 10),
      pollMs: OUTBOX_POLL_MS,
      ownOnly: config.mail.outboxOwnOnly,
      resolveAttachments: (recipe) => resolveMailAttachments(ctx, recipe),
      log: outboxLog(log),
    }),
  };
  // Other server processes' logouts and list changes (PostgreSQL); stopped when the database closes.
  const sync = startCacheSync({ db: handle.db, engine: handle.engine, databaseUrl: config.databaseUrl, log });
  await sync.ready(5_000);
  const close = async () => {
    await sync.close();
    await handle.close();
  };
  return { ctx, handle: { ...handle, close }, demoSeeded };
}
