import { translate } from "@portal/i18n/translate";
import type { Language } from "@portal/shared/languages";
import { escapeHtml, htmlLines } from "./html.ts";
import type { OutgoingMail } from "./mailer.ts";

/**
 * "Your data-rights request has been answered / refused": sent to the account that filed it, in
 * that account's language, with the school's answer or reason in full (the family keeps it even if
 * it never signs in again) and a link to its requests. Texts: `email:dataRightsClosed`. Not among
 * the Admin's editable texts: the wording carries the legal answer and the complaint route.
 */
export function renderDataRightsClosed(opts: {
  language: Language;
  to: string;
  name: string;
  school: string;
  id: number;
  kind: string;
  /** The child's name, or null when the request is about the whole family. */
  about: string | null;
  /** The filing day, as the family reads it. */
  filed: string;
  outcome: "answered" | "refused";
  message: string;
  link: string;
}): OutgoingMail {
  const t = (key: string, vars: Record<string, string | number> = {}) =>
    translate(opts.language, `email:${key}`, { school: opts.school, name: opts.name, ...vars });
  const k = (key: string) =>
    t(`dataRightsClosed.${key}`, {
      id: opts.id,
      kind: t(`dataRightsClosed.kinds.${opts.kind}`),
      filed: opts.filed,
      about: opts.about ?? t("dataRightsClosed.aboutFamily"),
    });
  const answered = opts.outcome === "answered";
  const subject = k(answered ? "subjectAnswered" : "subjectRefused");
  const body = k(answered ? "bodyAnswered" : "bodyRefused");
  const title = k(answered ? "answerTitle" : "reasonTitle");
  const message = opts.message.trim();
  const text = [
    t("greeting"),
    body,
    `${title}\n${message}`,
    k("whatToDo"),
    translate(opts.language, "email:actionLine", { action: k("action"), link: opts.link }),
    t("signature"),
  ].join("\n\n");
  const html = [
    `<!doctype html><html lang="${opts.language}"><body style="font-family:sans-serif;line-height:1.5">`,
    `<p>${escapeHtml(t("greeting"))}</p>`,
    `<p>${escapeHtml(body)}</p>`,
    `<p><strong>${escapeHtml(title)}</strong><br>${htmlLines(message)}</p>`,
    `<p>${escapeHtml(k("whatToDo"))}</p>`,
    `<p><a href="${escapeHtml(opts.link)}">${escapeHtml(k("action"))}</a></p>`,
    `<p>${escapeHtml(t("signature"))}</p>`,
    "</body></html>",
  ].join("\n");
  return { to: opts.to, subject, text, html };
}
