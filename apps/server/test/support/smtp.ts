import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** Body with quoted-printable soft breaks and escapes undone, good enough to find links. */
  decoded: string;
  subject: string;
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function decodeSubject(raw: string): string {
  const line = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? "";
  // Folding and the white space between two adjacent encoded words are not part of the text (RFC 2047).
  const unfolded = line.replace(/\r?\n[ \t]/g, " ").replace(/\?=\s+=\?/g, "?==?");
  return unfolded.replace(/=\?utf-8\?Q\?(.*?)\?=/gi, (_, text: string) =>
    Buffer.from(decodeQuotedPrintable(text.replace(/_/g, " ")), "latin1").toString("utf8"),
  );
}

/** A real SMTP server on loopback (on `port`, else any free one) that keeps what nodemailer sends it. */
export async function startSmtp(port = 0): Promise<{ url: string; mails: ReceivedMail[]; close: () => Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const decoded = Buffer.from(decodeQuotedPrintable(raw), "latin1").toString("utf8");
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, decoded, subject: decodeSubject(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Waits for the newest mail to an address (the server hands mail over asynchronously). */
export async function waitForMail(
  mails: ReceivedMail[],
  to: string,
  after = 0,
  timeoutMs = 5000,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = mails
      .slice(after)
      .filter((mail) => mail.to.includes(to))
      .at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function linkToken(mail: ReceivedMail, prefix: string): string {
  const match = new RegExp(`${prefix}/([A-Za-z0-9_-]+)`).exec(mail.decoded);
  if (!match?.[1]) throw new Error(`no ${prefix} link in the e-mail`);
  return match[1];
}
