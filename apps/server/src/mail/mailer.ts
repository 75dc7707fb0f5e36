import fs from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";

/** A file sent with a mail (the enrollment PDFs); nodemailer encodes it as a MIME part. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** A rendered e-mail, before it is queued (mail/outbox.ts) or after the worker adds its files. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

/** One delivery attempt of an outbox row: the same Message-ID on every attempt. */
export interface DeliveryMail extends OutgoingMail {
  messageId: string;
  /** Names the .eml file in demo mode: the same row always writes the same file. */
  fileStem: string;
}

export interface Mailer {
  send(mail: DeliveryMail): Promise<void>;
  close(): void;
}

/**
 * SMTP_URL (smtp[s]://[user:password@]host[:port]) as nodemailer's options. Not handed to
 * nodemailer as a URL: given one, it ignores the timeouts passed beside it.
 */
export function smtpServerOf(url: string) {
  const parsed = new URL(url);
  const secure = parsed.protocol === "smtps:";
  const user = decodeURIComponent(parsed.username);
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    ...(user ? { auth: { user, pass: decodeURIComponent(parsed.password) } } : {}),
  };
}

/**
 * The transport under the outbox worker: SMTP when `smtpUrl` is set; otherwise each message
 * becomes an .eml file in `outboxDir`, so the demo works offline and a person (or an end-to-end
 * test) can open the activation link. Both carry the attachments: nodemailer builds the same MIME
 * message for either.
 *
 * SMTP waits are bounded (`timeoutMs` to connect and for the greeting, three times that for any
 * later answer): a server that accepts the connection and never answers fails the attempt, which
 * the worker retries later, instead of holding it for nodemailer's default minutes.
 *
 * SMTP connections are pooled, as many as the worker's lanes (SMTP_CONNECTIONS): a burst of mails
 * (a signing code while campaign messages go out) reuses open connections instead of paying a
 * connection, a greeting and a TLS handshake for each (docs/rules/operations.md "E-mail delivery").
 */
/** The outbox worker's lanes: each holds one connection of the pool. */
export const SMTP_CONNECTIONS = 4;

export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  timeoutMs: number;
  log: (line: string) => void;
}): Mailer {
  const transport: Transporter = opts.smtpUrl
    ? nodemailer.createTransport({
        ...smtpServerOf(opts.smtpUrl),
        pool: true,
        maxConnections: SMTP_CONNECTIONS,
        connectionTimeout: opts.timeoutMs,
        greetingTimeout: opts.timeoutMs,
        socketTimeout: opts.timeoutMs * 3,
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send({ fileStem, ...mail }) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      if (opts.smtpUrl) return;
      fs.mkdirSync(opts.outboxDir, { recursive: true });
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, "_");
      const file = path.join(opts.outboxDir, `${fileStem}-${safeTo}.eml`);
      fs.writeFileSync(file, info.message as Buffer);
      opts.log(`e-mail to ${mail.to} written to ${file}`);
    },
    close() {
      transport.close();
    },
  };
}
