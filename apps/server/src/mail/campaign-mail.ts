import { translate } from "@portal/i18n/translate";
import type { Language } from "@portal/shared/languages";
import { escapeHtml, htmlLines } from "./html.ts";
import type { OutgoingMail } from "./mailer.ts";

/**
 * A re-enrollment campaign's e-mail to a family (docs/rules/campaigns.md): at the opening, and each
 * reminder before the deadline. The school's message in the family's language, the children it
 * asks about, the deadline and the family's own link to the answer form (nothing else).
 */
export function renderCampaignMail(opts: {
  language: Language;
  to: string;
  school: string;
  year: string;
  deadline: string;
  message: string;
  children: readonly string[];
  link: string;
  /** null: the opening; otherwise the reminder's days before the deadline. */
  daysLeft: number | null;
}): OutgoingMail {
  const { language } = opts;
  const t = (key: string, values: Record<string, string | number> = {}) =>
    translate(language, `email:campaign.${key}`, values);
  const deadline = new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${opts.deadline}T00:00:00Z`),
  );
  const reminder = opts.daysLeft !== null;
  const subject = reminder
    ? t("reminderSubject", { year: opts.year, deadline })
    : t("subject", { year: opts.year, school: opts.school });
  const intro = reminder ? t("reminderBody", { year: opts.year, deadline }) : t("body", { year: opts.year, deadline });
  const childrenTitle = t("children");
  const action = t("action");
  const signature = translate(language, "email:signature", { school: opts.school });
  const text = [
    intro,
    opts.message,
    `${childrenTitle}\n${opts.children.map((name) => `- ${name}`).join("\n")}`,
    translate(language, "email:actionLine", { action, link: opts.link }),
    t("linkNote"),
    signature,
  ].join("\n\n");
  const html = [
    `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;line-height:1.5">`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p>${htmlLines(opts.message)}</p>`,
    `<p>${escapeHtml(childrenTitle)}</p>`,
    `<ul>${opts.children.map((name) => `<li>${escapeHtml(name)}</li>`).join("")}</ul>`,
    `<p><a href="${escapeHtml(opts.link)}">${escapeHtml(action)}</a></p>`,
    `<p>${escapeHtml(t("linkNote"))}</p>`,
    `<p>${escapeHtml(signature)}</p>`,
    "</body></html>",
  ].join("\n");
  return { to: opts.to, subject, text, html };
}
