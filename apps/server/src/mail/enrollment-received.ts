import { translate } from "@portal/i18n/translate";
import type { Language } from "@portal/shared/languages";
import { withEmailText } from "./email-text-overrides.ts";
import { escapeHtml } from "./html.ts";
import type { MailAttachment, OutgoingMail } from "./mailer.ts";

/**
 * "Enrollment received": sent to the family when a file is validated and sent, with the
 * request code, what to do next (spec 1: sign within 2 hours, hand the signed documents to the
 * secretary, print one side only) and the two PDFs attached. Texts: `email:enrollmentReceived`.
 */
export function renderEnrollmentReceived(opts: {
  language: Language;
  to: string;
  name: string;
  school: string;
  student: string;
  level: string;
  schoolYear: string;
  code: string;
  hours: number;
  link?: string;
  attachments: MailAttachment[];
}): OutgoingMail {
  const vars = {
    school: opts.school,
    name: opts.name,
    student: opts.student,
    level: opts.level,
    year: opts.schoolYear,
    code: opts.code,
    hours: opts.hours,
  };
  const t = (key: string) => translate(opts.language, `email:${key}`, vars);
  const k = (key: string) => t(`enrollmentReceived.${key}`);
  const steps = [k("stepSign"), k("stepNotary"), k("stepHandIn"), k("stepPrint")];
  const text = [
    t("greeting"),
    k("body"),
    `${k("nextTitle")}\n${steps.map((step) => `- ${step}`).join("\n")}`,
    k("attachments"),
    ...(opts.link ? [translate(opts.language, "email:enrollmentReceived.actionLine", { link: opts.link })] : []),
    t("signature"),
  ].join("\n\n");
  const html = [
    `<!doctype html><html lang="${opts.language}"><body style="font-family:sans-serif;line-height:1.5">`,
    `<p>${escapeHtml(t("greeting"))}</p>`,
    `<p>${escapeHtml(k("body"))}</p>`,
    `<p><strong>${escapeHtml(k("nextTitle"))}</strong></p>`,
    `<ul>${steps.map((step) => `<li>${escapeHtml(step)}</li>`).join("")}</ul>`,
    `<p>${escapeHtml(k("attachments"))}</p>`,
    ...(opts.link ? [`<p><a href="${escapeHtml(opts.link)}">${escapeHtml(k("action"))}</a></p>`] : []),
    `<p>${escapeHtml(t("signature"))}</p>`,
    "</body></html>",
  ].join("\n");
  return withEmailText(
    "enrollmentReceived",
    opts.language,
    { ...vars, hours: String(opts.hours), link: opts.link ?? "" },
    { to: opts.to, subject: k("subject"), text, html, attachments: opts.attachments },
  );
}
