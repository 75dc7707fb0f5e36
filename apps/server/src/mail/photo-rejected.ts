import { translate } from "@portal/i18n/translate";
import type { Language } from "@portal/shared/languages";
import { withEmailText } from "./email-text-overrides.ts";
import { escapeHtml, htmlLines } from "./html.ts";
import type { OutgoingMail } from "./mailer.ts";

/**
 * "Please send a new photo": sent to the family account when the school office rejects
 * the student photo, in the account's language, with the office's reason and a link to the
 * welcome page, where the card offers to send a new photo. Texts: `email:photoRejected`.
 */
export function renderPhotoRejected(opts: {
  language: Language;
  to: string;
  name: string;
  school: string;
  student: string;
  schoolYear: string;
  code: string;
  reason: string;
  link?: string;
}): OutgoingMail {
  const vars = {
    school: opts.school,
    name: opts.name,
    student: opts.student,
    year: opts.schoolYear,
    code: opts.code,
  };
  const t = (key: string) => translate(opts.language, `email:${key}`, vars);
  const k = (key: string) => t(`photoRejected.${key}`);
  const reason = opts.reason.trim();
  const link = opts.link;

  const text = [
    t("greeting"),
    k("body"),
    `${k("reasonTitle")}\n${reason}`,
    k("whatToDo"),
    ...(link ? [translate(opts.language, "email:actionLine", { action: k("action"), link })] : []),
    t("signature"),
  ].join("\n\n");
  const html = [
    `<!doctype html><html lang="${opts.language}"><body style="font-family:sans-serif;line-height:1.5">`,
    `<p>${escapeHtml(t("greeting"))}</p>`,
    `<p>${escapeHtml(k("body"))}</p>`,
    `<p><strong>${escapeHtml(k("reasonTitle"))}</strong><br>${htmlLines(reason)}</p>`,
    `<p>${escapeHtml(k("whatToDo"))}</p>`,
    ...(link ? [`<p><a href="${escapeHtml(link)}">${escapeHtml(k("action"))}</a></p>`] : []),
    `<p>${escapeHtml(t("signature"))}</p>`,
    "</body></html>",
  ].join("\n");
  return withEmailText(
    "photoRejected",
    opts.language,
    { ...vars, reason, link: link ?? "" },
    { to: opts.to, subject: k("subject"), text, html },
  );
}
