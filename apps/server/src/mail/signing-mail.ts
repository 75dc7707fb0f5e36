import { translate } from "@portal/i18n/translate";
import type { Language } from "@portal/shared/languages";
import { escapeHtml } from "./html.ts";

/**
 * Signing online's e-mails (docs/rules/documents.md "Signing online"), in the recipient's language
 * with the school's name: the one-time code; a representative's link to sign one document; and a
 * reminder to sign (with the link again, or, for a family account's own signature, the portal).
 */

/** A rendered mail, without attachments. */
export interface RenderedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

interface Common {
  language: Language;
  to: string;
  school: string;
  document: string;
  student: string;
  requestCode: string;
}

function mail(
  language: Language,
  to: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; link: string },
) {
  const text = [
    ...paragraphs.slice(0, 1),
    ...(action ? [translate(language, "email:actionLine", { action: action.label, link: action.link })] : []),
    ...paragraphs.slice(1),
  ].join("\n\n");
  const html = [
    `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;line-height:1.5">`,
    `<p>${escapeHtml(paragraphs[0] ?? "")}</p>`,
    ...(action ? [`<p><a href="${escapeHtml(action.link)}">${escapeHtml(action.label)}</a></p>`] : []),
    ...paragraphs.slice(1).map((p) => `<p>${escapeHtml(p)}</p>`),
    "</body></html>",
  ].join("\n");
  return { to, subject, text, html };
}

export function renderSigningCode(opts: Common & { code: string; minutes: number }): RenderedMail {
  const t = (key: string) => translate(opts.language, `email:signing.${key}`, { ...opts });
  return mail(opts.language, opts.to, t("codeSubject"), [
    t("codeBody"),
    t("codeValid"),
    translate(opts.language, "email:signature", { school: opts.school }),
  ]);
}

/** A link to sign (`reminder`: the same, worded as a reminder); `link` null: the portal, for an account's own signature. */
export function renderSigningInvitation(
  opts: Common & { name: string; link: string; days: number; reminder: boolean; ownAccount: boolean },
): RenderedMail {
  const { reminder: _r, ownAccount: _o, language: _l, ...vars } = opts;
  const t = (key: string) => translate(opts.language, `email:signing.${key}`, vars);
  const paragraphs = [opts.reminder ? t("reminderBody") : t("linkBody")];
  if (!opts.ownAccount) paragraphs.push(t("linkNote"));
  paragraphs.push(translate(opts.language, "email:signature", { school: opts.school }));
  return mail(opts.language, opts.to, opts.reminder ? t("reminderSubject") : t("linkSubject"), paragraphs, {
    label: opts.ownAccount ? t("portalAction") : t("linkAction"),
    link: opts.link,
  });
}
