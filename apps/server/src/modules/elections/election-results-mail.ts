import { DEFAULT_LANGUAGE, isLanguage } from "@portal/shared/languages";
import type { ElectionResult } from "@portal/shared/schemas/elections";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/database.ts";
import { renderElectionResultsPublished } from "../../mail/election-results-published.ts";
import { queueMail } from "../../mail/outbox.ts";
import { publicLink } from "../auth/links.ts";
import { getIdentity } from "../settings/identity.service.ts";
import type { ElectionRow } from "./elections.repository.ts";
import { resultsMailRecipients } from "./eligibility.repository.ts";

/** Where the families read the published results. */
const COMPLETED_PATH = "/portal/elecciones/completadas";

/**
 * Queues the "results published" e-mail to every family on the register, in the publishing
 * transaction (the outbox: the publication never loses its mails, a refused one sends
 * none). The caller kicks the outbox after the commit. Returns how many were queued.
 */
export async function queueResultsMails(
  ctx: AppContext,
  trx: Db,
  election: ElectionRow,
  result: ElectionResult,
): Promise<number> {
  const recipients = await resultsMailRecipients(trx, election);
  if (recipients.length === 0) return 0;
  const school = (await getIdentity(ctx, trx)).schoolName;
  const year = await trx
    .selectFrom("school_years")
    .select("label")
    .where("id", "=", election.school_year_id)
    .executeTakeFirst();
  const titles = { es: election.title_es, en: election.title_en, fr: election.title_fr };
  const link = publicLink(ctx, COMPLETED_PATH);
  for (const person of recipients) {
    const language = isLanguage(person.language) ? person.language : DEFAULT_LANGUAGE;
    const { to, subject, text, html } = renderElectionResultsPublished({
      language,
      to: person.email,
      name: [person.names, person.first_surname].filter(Boolean).join(" "),
      school,
      title: titles[language],
      body: election.body,
      schoolYear: year?.label ?? "",
      result,
      link,
    });
    await queueMail(ctx, trx, { kind: "electionResultsPublished", userId: person.id, to, subject, text, html });
  }
  return recipients.length;
}
