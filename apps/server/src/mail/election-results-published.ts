import { translate } from "@portal/i18n/translate";
import type { Language } from "@portal/shared/languages";
import type { ElectionResult } from "@portal/shared/schemas/elections";
import { withEmailText } from "./email-text-overrides.ts";
import { escapeHtml } from "./html.ts";
import type { OutgoingMail } from "./mailer.ts";

/**
 * "The results are published": sent to every family on an election's register when the
 * Admin publishes, in the account's language. It carries only what the families' results page
 * shows (turnout, votes and seats per list, the elected) and is the same for every family: it says
 * nothing about whether this family voted, let alone how. Texts: `email:electionResults`, and the
 * families' page's own words (`elections:family.turnout`, `elections:pdf.*`).
 */
export function renderElectionResultsPublished(opts: {
  language: Language;
  to: string;
  name: string;
  school: string;
  /** The election's title in `language`. */
  title: string;
  body: string;
  schoolYear: string;
  result: ElectionResult;
  link: string;
}): OutgoingMail {
  const { language, result } = opts;
  const vars = { school: opts.school, name: opts.name, title: opts.title, body: opts.body, year: opts.schoolYear };
  const t = (key: string, extra: Record<string, string | number> = {}) =>
    translate(language, key, { ...vars, ...extra });
  const k = (key: string, extra: Record<string, string | number> = {}) => t(`email:electionResults.${key}`, extra);
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  const listName = (id: number) => result.lists.find((list) => list.id === id)?.name ?? "";

  const turnout = t("elections:family.turnout", {
    voters: number.format(result.voters),
    registered: number.format(result.registeredVoters),
    turnout: number.format(result.turnout),
  });
  const lists = result.lists.map((list) =>
    k("listLine", { list: list.name, votes: number.format(list.votes), seats: number.format(list.seats) }),
  );
  const elected = result.elected.map((person) =>
    k("electedLine", {
      position: t(`elections:pdf.${person.position}`),
      name: person.name,
      list: listName(person.listId),
    }),
  );
  const electedBlock = elected.length > 0 ? elected : [t("elections:pdf.noneElected")];
  const listsTitle = k("listsTitle", { blank: number.format(result.blankVotes) });

  const text = [
    t("email:greeting"),
    k("body"),
    turnout,
    [listsTitle, ...lists.map((line) => `- ${line}`)].join("\n"),
    [k("electedTitle"), ...electedBlock.map((line) => `- ${line}`)].join("\n"),
    translate(language, "email:actionLine", { action: k("action"), link: opts.link }),
    k("secret"),
    t("email:signature"),
  ].join("\n\n");
  const items = (lines: string[]) => `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`;
  const html = [
    `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;line-height:1.5">`,
    `<p>${escapeHtml(t("email:greeting"))}</p>`,
    `<p>${escapeHtml(k("body"))}</p>`,
    `<p>${escapeHtml(turnout)}</p>`,
    `<p><strong>${escapeHtml(listsTitle)}</strong></p>`,
    items(lists),
    `<p><strong>${escapeHtml(k("electedTitle"))}</strong></p>`,
    items(electedBlock),
    `<p><a href="${escapeHtml(opts.link)}">${escapeHtml(k("action"))}</a></p>`,
    `<p style="font-size:12px;color:#555">${escapeHtml(k("secret"))}</p>`,
    `<p>${escapeHtml(t("email:signature"))}</p>`,
    "</body></html>",
  ].join("\n");
  const bullets = (lines: string[]) => lines.map((line) => `- ${line}`).join("\n");
  return withEmailText(
    "electionResults",
    language,
    {
      ...vars,
      turnout,
      blank: number.format(result.blankVotes),
      lists: bullets(lists),
      elected: bullets(electedBlock),
      link: opts.link,
    },
    { to: opts.to, subject: k("subject"), text, html },
  );
}
