import { translate } from "@portal/i18n/translate";
import type { Language } from "@portal/shared/languages";
import type { BreachDataCategory } from "@portal/shared/schemas/breaches";
import { escapeHtml } from "./html.ts";
import type { OutgoingMail } from "./mailer.ts";

/**
 * The families' notice of a personal-data breach (LOPDP art. 46; docs/rules/data-protection.md
 * "Breach register"). The portal drafts it per language from the incident (`email:breachNotice`),
 * the Admin edits the words, and what the Admin saved is what each family reads: no field is
 * filled in after the Admin's last look.
 */

export interface NoticeText {
  subject: string;
  body: string;
}

/** "2026-12-07T09:30" as the reader's language writes a date and time. */
function when(language: Language, localDateTime: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(
    new Date(`${localDateTime}:00Z`),
  );
}

/** The draft of the notice in `language`, from the incident's own words. */
export function draftBreachNotice(
  language: Language,
  breach: {
    school: string;
    description: string;
    occurredAt: string;
    discoveredAt: string;
    categories: BreachDataCategory[];
    measures: string;
    contact: string;
  },
): NoticeText {
  const data = breach.categories.map((category) => translate(language, `breaches:categories.${category}`)).join(", ");
  const none = translate(language, "email:breachNotice.notGiven");
  const vars = {
    school: breach.school,
    what: breach.description,
    occurred: when(language, breach.occurredAt),
    discovered: when(language, breach.discoveredAt),
    data,
    measures: breach.measures || none,
    contact: breach.contact || none,
  };
  return {
    subject: translate(language, "email:breachNotice.subject", { school: vars.school }),
    body: translate(language, "email:breachNotice.body", {
      school: vars.school,
      what: vars.what,
      occurred: vars.occurred,
      discovered: vars.discovered,
      data: vars.data,
      measures: vars.measures,
      contact: vars.contact,
    }),
  };
}

/** The e-mail of a saved notice: its text as is, and the same paragraphs as HTML. */
export function renderBreachNotice(language: Language, to: string, notice: NoticeText): OutgoingMail {
  const paragraphs = notice.body.split(/\n{2,}/);
  const html = [
    `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;line-height:1.5">`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`),
    "</body></html>",
  ].join("\n");
  return { to, subject: notice.subject, text: notice.body, html };
}
