import { translate } from "@portal/i18n/translate";
import type { Language } from "@portal/shared/languages";
import type { BreachClock } from "@portal/shared/rules/breach-clocks";
import { escapeHtml } from "./html.ts";
import type { OutgoingMail } from "./mailer.ts";

/**
 * The Admins' daily reminder of a breach's open legal clocks (docs/rules/data-protection.md
 * "Breach register"): which notice is due, on which day, how many working days are left or that it
 * is late. It names the incident's title only, never a family.
 */
export function renderBreachReminder(opts: {
  language: Language;
  to: string;
  school: string;
  title: string;
  authority: BreachClock | null;
  families: BreachClock | null;
  link: string;
}): OutgoingMail {
  const { language } = opts;
  const date = (day: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
  const state = (clock: BreachClock) =>
    clock.overdue
      ? translate(language, "email:breachReminder.overdue", { count: -clock.daysLeft })
      : translate(language, "email:breachReminder.left", { count: clock.daysLeft });
  const lines: string[] = [];
  if (opts.authority) {
    const clock = opts.authority;
    lines.push(translate(language, "email:breachReminder.authority", { due: date(clock.dueOn), state: state(clock) }));
  }
  if (opts.families) {
    const clock = opts.families;
    lines.push(translate(language, "email:breachReminder.families", { due: date(clock.dueOn), state: state(clock) }));
  }
  const subject = translate(language, "email:breachReminder.subject", { title: opts.title });
  const intro = translate(language, "email:breachReminder.body", { title: opts.title });
  const action = translate(language, "email:breachReminder.action");
  const signature = translate(language, "email:signature", { school: opts.school });
  const text = [
    intro,
    lines.map((line) => `- ${line}`).join("\n"),
    translate(language, "email:actionLine", { action, link: opts.link }),
    signature,
  ].join("\n\n");
  const html = [
    `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;line-height:1.5">`,
    `<p>${escapeHtml(intro)}</p>`,
    `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`,
    `<p><a href="${escapeHtml(opts.link)}">${escapeHtml(action)}</a></p>`,
    `<p>${escapeHtml(signature)}</p>`,
    "</body></html>",
  ].join("\n");
  return { to: opts.to, subject, text, html };
}
