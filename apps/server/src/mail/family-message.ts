import { translate } from "@portal/i18n/translate";
import type { Language } from "@portal/shared/languages";
import type { MessageText } from "@portal/shared/schemas/messages";
import { escapeHtml, htmlLines } from "./html.ts";
import type { OutgoingMail } from "./mailer.ts";

/**
 * A message from the school to families (docs/rules/messages.md): the secretary's subject and
 * paragraphs as written, then a line pointing to the family's Messages page. The words are the
 * secretary's, never HTML: the HTML part escapes every character, so a `<script>` typed into a
 * message arrives as text.
 */
export function renderFamilyMessage(opts: {
  language: Language;
  to: string;
  message: MessageText;
  link: string;
}): OutgoingMail {
  const footer = translate(opts.language, "email:familyMessage.footer", { url: opts.link });
  const paragraphs = opts.message.body.split(/\n{2,}/);
  const html = [
    `<!doctype html><html lang="${opts.language}"><body style="font-family:sans-serif;line-height:1.5">`,
    ...paragraphs.map((paragraph) => `<p>${htmlLines(paragraph)}</p>`),
    `<p style="color:#555">${escapeHtml(footer)}</p>`,
    "</body></html>",
  ].join("\n");
  return { to: opts.to, subject: opts.message.subject, text: `${opts.message.body}\n\n${footer}`, html };
}
