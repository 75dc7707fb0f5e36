import { translate } from "@portal/i18n/translate";
import { LANGUAGES, type Language } from "@portal/shared/languages";
import { type ElectionResult, MIN_POLL_HOURS, TIE_TEXT } from "@portal/shared/schemas/elections";
import { SCHOOL_TIME_ZONE } from "../enrollment/documents/document-source.ts";
import { PdfLayout } from "../enrollment/documents/pdf-layout.ts";

/**
 * The minutes of an election's count, in one of the three languages: the figures,
 * the seats per list, the tie-breaks with the lot's seed, the elected titulars and substitutes,
 * and signature lines for the polling station. A pure function of plain data, like the medical
 * records' PDF (pdf-lib through PdfLayout).
 */
export interface MinutesInput {
  language: Language;
  school: { name: string; accent: string };
  title: string;
  body: string;
  yearLabel: string;
  opensAt: string;
  closesAt: string;
  publishedAt: string | null;
  /** When the Admin closed the poll before its announced close, the close announced, and the reason given. */
  closedEarly: { at: string; announcedClosesAt: string; reason: string | null } | null;
  generatedAt: string;
  result: ElectionResult;
}

export async function renderElectionMinutesPdf(input: MinutesInput): Promise<Uint8Array> {
  const t = (key: string, vars: Record<string, string | number> = {}) =>
    translate(input.language, `elections:pdf.${key}`, vars);
  const locale = LANGUAGES.find((l) => l.code === input.language)?.locale ?? "es-ES";
  const format = (iso: string) =>
    new Intl.DateTimeFormat(locale, {
      dateStyle: "long",
      timeStyle: "short",
      hourCycle: "h23",
      timeZone: SCHOOL_TIME_ZONE,
    }).format(new Date(iso));
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const layout = await PdfLayout.create({
    title: t("metaTitle", { title: input.title }),
    author: input.school.name,
    locale,
    accent: input.school.accent,
    headerLeft: input.school.name,
    headerRight: t("metaTitle", { title: input.title }),
    footerNote: t("generatedAt", { date: format(input.generatedAt) }),
    pageLabel: (page, total) => t("page", { page, total }),
  });
  const { result } = input;
  layout.title(t("title"));
  layout.subtitle(t("subtitle", { title: input.title, body: input.body, year: input.yearLabel }));
  layout.paragraph(t("window", { opens: format(input.opensAt), closes: format(input.closesAt) }));
  if (input.closedEarly) {
    const { at, announcedClosesAt, reason } = input.closedEarly;
    layout.paragraph(t("closedEarly", { date: format(at), announced: format(announcedClosesAt) }));
    if (reason) layout.paragraph(t("closeReason", { hours: MIN_POLL_HOURS, reason }));
  }
  layout.paragraph(input.publishedAt ? t("publishedAt", { date: format(input.publishedAt) }) : t("notPublished"));

  layout.heading(t("figures"));
  layout.row(t("registered"), number.format(result.registeredVoters));
  layout.row(t("voters"), number.format(result.voters));
  layout.row(t("turnout"), `${number.format(result.turnout)} %`);
  layout.row(t("blank"), number.format(result.blankVotes));
  layout.row(t("valid"), number.format(result.validVotes));
  layout.row(t("seats"), number.format(result.seats));
  if (result.unfilledSeats > 0) layout.row(t("unfilled"), number.format(result.unfilledSeats));

  layout.heading(t("lists"));
  const nameOf = (id: number) => result.lists.find((list) => list.id === id)?.name ?? `#${id}`;
  for (const list of result.lists) {
    layout.row(
      list.name,
      t("listLine", {
        votes: t("votes", { count: list.votes }),
        seats: t("seatCount", { count: list.seats }),
        quotient: list.byQuotient,
        remainder: list.byRemainder,
      }),
    );
  }
  if (result.tieBreaks.length > 0) {
    layout.subheading(t("ties"));
    for (const tie of result.tieBreaks) {
      const vars = {
        lists: tie.lists.map(nameOf).join(", "),
        winners: tie.winners.map(nameOf).join(", "),
        seed: result.lotSeed,
      };
      layout.bullet(t(TIE_TEXT[tie.rule], vars));
    }
  }

  layout.heading(t("elected"));
  if (result.elected.length === 0) layout.paragraph(t("noneElected"));
  for (const list of result.lists) {
    const people = result.elected.filter((person) => person.listId === list.id);
    if (people.length === 0) continue;
    layout.subheading(list.name);
    for (const person of people) {
      layout.bullet(t("electedLine", { position: t(person.position), name: person.name, rank: person.rank }));
    }
  }
  if (result.testBallots > 0) layout.paragraph(t("testBallots", { count: result.testBallots }), { font: "italic" });
  layout.space(12);
  layout.signatures([
    { name: "", caption: t("signPresident") },
    { name: "", caption: t("signAssessor") },
  ]);
  return layout.save();
}
