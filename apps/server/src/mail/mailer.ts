import fs from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";

/** A file sent with a mail (the enrollment PDFs); nodemailer encodes it as a MIME part. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * SMTP when `smtpUrl` is set; otherwise each message becomes an .eml file in `outboxDir`, so the
 * demo works offline and a person (or an end-to-end test) can open the activation link. Both
 * carry the attachments: nodemailer builds the same MIME message for either.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: (line: string) => void;
}): Mailer {
  const transport: Transporter = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      if (opts.smtpUrl) return;
      fs.mkdirSync(opts.outboxDir, { recursive: true });
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, "_");
      const file = path.join(opts.outboxDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${safeTo}.eml`);
      fs.writeFileSync(file, info.message as Buffer);
      opts.log(`e-mail to ${mail.to} written to ${file}`);
    },
    close() {
      transport.close();
    },
  };
}
