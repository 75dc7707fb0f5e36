import type { Config } from "./config.ts";
import type { Db, Engine } from "./db/database.ts";
import type { SecretBox } from "./lib/secret-box.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { OutboxWorker } from "./mail/outbox-worker.ts";
import type { PasswordHasher } from "./modules/auth/passwords.ts";

/** What the services need, built once in server.ts (or a test) and handed to buildApp. */
export interface AppContext {
  config: Config;
  db: Db;
  engine: Engine;
  mailer: Mailer;
  /** Delivers the e-mail outbox; services queue mails in their transaction, then kick it. */
  outbox: OutboxWorker;
  hasher: PasswordHasher;
  captchaHmacKey: string;
  /** Seals and opens the secrets the database keeps (TOTP keys): docs/security.md, "Secrets at rest". */
  secrets: SecretBox;
}
