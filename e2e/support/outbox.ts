import fs from "node:fs";
import path from "node:path";

/** The e-mails the portal wrote for this run (scripts/e2e-server.mjs, no SMTP_URL). */
function outboxDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set");
  return path.join(dir, "outbox");
}

function decode(raw: string): string {
  const unfolded = raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(unfolded, "latin1").toString("utf8");
}

/** Waits for an e-mail to `to` written after `since` and returns the path of its `prefix` link. */
export async function linkFromOutbox(to: string, prefix: string, since: number, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const safeTo = to.replace(/[^a-zA-Z0-9@._-]/g, "_");
  for (;;) {
    const dir = outboxDir();
    const files = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((name) => name.endsWith(`-${safeTo}.eml`))
          .map((name) => path.join(dir, name))
          .filter((file) => fs.statSync(file).mtimeMs >= since)
          .sort()
      : [];
    const latest = files.at(-1);
    if (latest) {
      const match = new RegExp(`(${prefix}/[A-Za-z0-9_-]+)`).exec(decode(fs.readFileSync(latest, "utf8")));
      if (match?.[1]) return match[1];
    }
    if (Date.now() > deadline) throw new Error(`no e-mail with ${prefix} to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits for the e-mails to `to` written after `since` whose text contains `needle`; returns them decoded. */
export async function mailsFromOutbox(
  to: string,
  needle: string,
  since: number,
  timeoutMs = 10_000,
): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  const safeTo = to.replace(/[^a-zA-Z0-9@._-]/g, "_");
  for (;;) {
    const dir = outboxDir();
    const found = (fs.existsSync(dir) ? fs.readdirSync(dir) : [])
      .filter((name) => name.endsWith(`-${safeTo}.eml`))
      .map((name) => path.join(dir, name))
      .filter((file) => fs.statSync(file).mtimeMs >= since)
      .map((file) => decode(fs.readFileSync(file, "utf8")))
      .filter((text) => text.includes(needle));
    if (found.length > 0) return found;
    if (Date.now() > deadline) throw new Error(`no e-mail with "${needle}" to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
