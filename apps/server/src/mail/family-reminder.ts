import { translate } from "@portal/i18n/translate";
import type { Language } from "@portal/shared/languages";
import { BUILT_IN_HAND_IN_ITEMS } from "@portal/shared/schemas/documents";
import type { ReminderCause } from "@portal/shared/schemas/reminders";
import { withEmailText } from "./email-text-overrides.ts";
import { escapeHtml } from "./html.ts";
import type { OutgoingMail } from "./mailer.ts";

/** One cause the reminder lists, with what its sentence needs. */
export interface ReminderLine {
  cause: ReminderCause;
  /** The student's name; "" before the wizard's student step is saved. */
  student: string;
  year: string;
  /** The request's code; "" for a file not sent. */
  code: string;
  /** When the cause began (file started, documents due, photo rejected), ISO. */
  since: string;
  /**
   * documentsOverdue: the papers still missing, each a document's key and its titles (the
   * school's own documents are named by their title), or a built-in paper's key alone.
   */
  missing?: readonly (string | MissingPaper)[];
  /** signaturesPending: the documents' titles in each language. */
  titles?: Record<Language, string>[];
  /** signaturesPending: the representatives who still sign through their e-mailed link. */
  byLink?: string[];
  /** signaturesPending: the family's signing screen. */
  link?: string;
}

export interface MissingPaper {
  key: string;
  titles: Record<Language, string>;
}

const BUILT_IN_ITEMS: readonly string[] = BUILT_IN_HAND_IN_ITEMS;

/** A built-in paper in the e-mail's own wording ("the enrollment contract"), any other by the school's title. */
function itemName(language: Language, paper: string | MissingPaper): string {
  const item = typeof paper === "string" ? { key: paper, titles: { es: paper, en: paper, fr: paper } } : paper;
  if (BUILT_IN_ITEMS.includes(item.key)) return translate(language, `email:familyReminder.items.${item.key}`);
  return item.titles[language] || item.titles.es || item.key;
}

/** The causes' sentences in `language`, one per line, as the e-mail lists them. */
export function reminderLines(language: Language, lines: readonly ReminderLine[]): string[] {
  const date = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "America/Guayaquil" }).format(new Date(iso));
  const list = (values: string[]) => new Intl.ListFormat(language, { type: "conjunction" }).format(values);
  return lines.map((line) => {
    const items = (line.missing ?? []).map((item) => itemName(language, item));
    const sentence = translate(language, `email:familyReminder.${line.cause}`, {
      student: line.student.trim() || translate(language, "email:familyReminder.studentUnnamed"),
      year: line.year,
      code: line.code,
      since: date(line.since),
      items: list(items),
      titles: list((line.titles ?? []).map((title) => title[language] || title.es)),
      link: line.link ?? "",
    });
    // Who signs by link is not e-mailed by the sweep: the family may send the link again.
    if (!line.byLink?.length) return sentence;
    return `${sentence} ${translate(language, "email:familyReminder.signaturesByLink", { names: list(line.byLink) })}`;
  });
}

/**
 * The family's automatic reminder (docs/rules/reminders.md): one e-mail a day at most, listing
 * every cause due that day, in the account's language, with a link to the portal. Texts:
 * `email:familyReminder`; the Admin may rewrite it (Settings › E-mail texts, `{{items}}` required).
 */
export function renderFamilyReminder(opts: {
  language: Language;
  to: string;
  name: string;
  school: string;
  /** The sentences of `reminderLines`, or `{{items}}` when the default text is drawn. */
  items: readonly string[];
  link: string;
}): OutgoingMail {
  const { language } = opts;
  const vars = { school: opts.school, name: opts.name };
  const t = (key: string) => translate(language, `email:${key}`, vars);
  const k = (key: string) => t(`familyReminder.${key}`);
  const items = opts.items.map((line) => `- ${line}`).join("\n");
  const text = [
    t("greeting"),
    k("body"),
    items,
    k("closing"),
    translate(language, "email:actionLine", { action: k("action"), link: opts.link }),
    t("signature"),
  ].join("\n\n");
  const html = [
    `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;line-height:1.5">`,
    `<p>${escapeHtml(t("greeting"))}</p>`,
    `<p>${escapeHtml(k("body"))}</p>`,
    `<ul>${opts.items.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`,
    `<p>${escapeHtml(k("closing"))}</p>`,
    `<p><a href="${escapeHtml(opts.link)}">${escapeHtml(k("action"))}</a></p>`,
    `<p>${escapeHtml(t("signature"))}</p>`,
    "</body></html>",
  ].join("\n");
  return withEmailText(
    "familyReminder",
    language,
    { ...vars, items, link: opts.link },
    { to: opts.to, subject: k("subject"), text, html },
  );
}
