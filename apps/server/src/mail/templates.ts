import { translate } from "@portal/i18n/translate";
import type { Language } from "@portal/shared/languages";
import { withEmailText } from "./email-text-overrides.ts";
import { escapeHtml } from "./html.ts";
import type { OutgoingMail } from "./mailer.ts";

export type TemplateName =
  | "activation"
  | "alreadyRegistered"
  | "passwordReset"
  | "passwordChanged"
  | "householdInvitation"
  | "staffInvitation"
  | "deskInvitation";

/**
 * The last line before the signature. "If you did not make this request, ignore it" fits the mails
 * a visitor's own request causes; a mail someone else caused (an invitation) says instead what to do
 * if it was not expected, and a notice of a change already made has no such line.
 */
const CLOSING: Partial<Record<TemplateName, string | null>> = {
  passwordChanged: null,
  householdInvitation: "householdInvitation.closing",
  staffInvitation: "staffInvitation.closing",
  deskInvitation: "deskInvitation.closing",
};

/** Builds a plain-text and HTML e-mail in the recipient's language from the `email` catalog. */
export function renderMail(opts: {
  template: TemplateName;
  language: Language;
  to: string;
  /** The recipient's name; null when the portal does not know it (an address with no account yet). */
  name: string | null;
  school: string;
  link: string;
  vars?: Record<string, string | number>;
}): OutgoingMail {
  const t = (key: string) =>
    translate(opts.language, `email:${key}`, { school: opts.school, name: opts.name ?? "", ...opts.vars });
  const subject = t(`${opts.template}.subject`);
  const paragraphs = [t(opts.name ? "greeting" : "greetingNoName"), t(`${opts.template}.body`)];
  const closingKey = opts.template in CLOSING ? CLOSING[opts.template] : "ignore";
  const closing = [closingKey ? t(closingKey) : "", t("signature")].filter(Boolean);
  const actionLine = translate(opts.language, "email:actionLine", {
    action: t(`${opts.template}.action`),
    link: opts.link,
  });
  const text = [...paragraphs, actionLine, ...closing].join("\n\n");
  const html = [
    `<!doctype html><html lang="${opts.language}"><body style="font-family:sans-serif;line-height:1.5">`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(opts.link)}">${escapeHtml(t(`${opts.template}.action`))}</a></p>`,
    `<p style="font-size:12px;color:#555">${escapeHtml(opts.link)}</p>`,
    ...closing.map((p) => `<p>${escapeHtml(p)}</p>`),
    "</body></html>",
  ].join("\n");
  // The Admin's text for this e-mail, if any (Settings › E-mail texts), with the same fields.
  const values = { school: opts.school, name: opts.name ?? "", link: opts.link, ...opts.vars };
  return withEmailText(
    opts.template,
    opts.language,
    Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)])),
    { to: opts.to, subject, text, html },
  );
}
