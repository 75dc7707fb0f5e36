import type { EmailTextId } from "@portal/shared/email-texts";
import type { Language } from "@portal/shared/languages";
import type { Db } from "../db/database.ts";
import { escapeHtml } from "./html.ts";
import type { OutgoingMail } from "./mailer.ts";

/**
 * The Admin's e-mail texts (Settings › E-mail texts), as the renderers use them. Every renderer
 * ends with `withEmailText`: when the Admin wrote a subject and body for that e-mail in that
 * language, the mail is that text filled with the mail's fields; otherwise it is the catalogue's.
 *
 * The renderers are synchronous and take no database, so the texts are held in memory: loaded at
 * start (bootstrap.ts), replaced at every save in this process, and on PostgreSQL reloaded when
 * another process saves (the `emailTexts` notification, cache-sync.ts) or when the listener comes
 * back after a cut (a save may have been missed meanwhile).
 */

export const EMAIL_TEXTS_CHANGE = "emailTexts";

export interface EmailTextOverride {
  subject: string;
  body: string;
}

let overrides = new Map<string, EmailTextOverride>();
/** Set while the portal's own text is drawn (the default an Admin starts from, the reset). */
let bypass = false;
/** Moves on at every reload: a slower earlier read must not replace a newer one. */
let generation = 0;

const keyOf = (id: EmailTextId, language: Language) => `${id}:${language}`;

/** Reads every saved text (null = the portal's) into memory. `executor`: a transaction if in one. */
export async function loadEmailTextOverrides(db: Db): Promise<void> {
  const started = ++generation;
  const rows = await db
    .selectFrom("email_texts")
    .select(["template", "language", "subject", "body"])
    .where("subject", "is not", null)
    .where("body", "is not", null)
    .execute();
  if (started !== generation) return;
  overrides = new Map(
    rows.map((row) => [`${row.template}:${row.language}`, { subject: row.subject ?? "", body: row.body ?? "" }]),
  );
}

export function emailTextOverride(id: EmailTextId, language: Language): EmailTextOverride | undefined {
  return bypass ? undefined : overrides.get(keyOf(id, language));
}

/** `draw` without the Admin's texts: what the portal itself says. Synchronous on purpose. */
export function withoutOverrides<T>(draw: () => T): T {
  bypass = true;
  try {
    return draw();
  } finally {
    bypass = false;
  }
}

/** The mail's field values; an absent optional field is "". */
export type EmailTextValues = Record<string, string>;

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/**
 * A text with its fields filled, paragraph by paragraph (blank-line separated): a paragraph that
 * uses fields, all empty in this mail, is left out (no "Comment from the office:" over nothing).
 * Values are put in once, never read again as placeholders.
 */
export function fillEmailText(template: string, values: EmailTextValues): string {
  return template
    .replace(/\r\n?/g, "\n")
    .split(/\n{2,}/)
    .filter((paragraph) => {
      const names = [...paragraph.matchAll(PLACEHOLDER)].map((match) => match[1] ?? "");
      return names.length === 0 || names.some((name) => (values[name] ?? "").trim() !== "");
    })
    .map((paragraph) => paragraph.replace(PLACEHOLDER, (_, name: string) => values[name] ?? ""))
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .join("\n\n");
}

/** The HTML part of a filled text: paragraphs, "- " lines as a list, the link made clickable. */
function htmlOf(text: string, language: Language, link: string | undefined): string {
  const withLink = (line: string) => {
    const escaped = escapeHtml(line);
    if (!link) return escaped;
    const href = escapeHtml(link);
    return escaped.split(href).join(`<a href="${href}">${href}</a>`);
  };
  const blocks = text.split("\n\n").map((paragraph) => {
    const parts: string[] = [];
    let items: string[] = [];
    let lines: string[] = [];
    const flushLines = () => {
      if (lines.length > 0) parts.push(`<p>${lines.map(withLink).join("<br>")}</p>`);
      lines = [];
    };
    const flushItems = () => {
      if (items.length > 0) parts.push(`<ul>${items.map((item) => `<li>${withLink(item)}</li>`).join("")}</ul>`);
      items = [];
    };
    for (const line of paragraph.split("\n")) {
      if (line.startsWith("- ")) {
        flushLines();
        items.push(line.slice(2));
      } else {
        flushItems();
        lines.push(line);
      }
    }
    flushLines();
    flushItems();
    return parts.join("\n");
  });
  return [
    `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;line-height:1.5">`,
    ...blocks,
    "</body></html>",
  ].join("\n");
}

/** A subject and body filled with `values`: the mail's subject (one line), text and HTML. */
export function renderEmailText(
  text: EmailTextOverride,
  language: Language,
  values: EmailTextValues,
): Pick<OutgoingMail, "subject" | "text" | "html"> {
  // One line; the narrow no-break spaces of French print (U+202F, which \s matches) are kept.
  const subject = fillEmailText(text.subject, values)
    .replace(/[ \t\r\n]+/g, " ")
    .trim();
  const body = fillEmailText(text.body, values);
  return { subject, text: body, html: htmlOf(body, language, values.link || undefined) };
}

/**
 * The last step of every renderer: `mail` as drawn from the catalogue, or, when the Admin wrote
 * this e-mail's text in `language`, that text filled with `values` (the same recipient and
 * attachments).
 */
export function withEmailText(
  id: EmailTextId,
  language: Language,
  values: EmailTextValues,
  mail: OutgoingMail,
): OutgoingMail {
  const override = emailTextOverride(id, language);
  return override ? { ...mail, ...renderEmailText(override, language, values) } : mail;
}
