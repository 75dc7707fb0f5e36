import { isLanguage, type Language } from "@portal/shared/languages";
import type { AppContext } from "../../../context.ts";
import type { Db } from "../../../db/database.ts";
import { renderEnrollmentReceived } from "../../../mail/enrollment-received.ts";
import { queueMail } from "../../../mail/outbox.ts";
import type { CurrentUser } from "../../../plugins/request-types.ts";
import { type DocumentsSource, localizer, representativesOf } from "./document-source.ts";
import { loadDocumentsSource } from "./document-source-loader.ts";
import { findUserLanguages } from "./documents.repository.ts";

/**
 * The "enrollment received" e-mail of a file just sent, with both PDFs attached in each
 * recipient's language: queued with the send, delivered by the outbox, so the send's
 * answer waits for neither the PDFs nor SMTP.
 */

export interface Recipient {
  email: string;
  name: string;
  language: Language;
}

/**
 * The account holder (their language), then each representative's e-mail (a declined second
 * representative has none), once per address whatever its case. A representative who has a portal
 * account gets that account's language; otherwise the account holder's (docs/rules/documents.md "Enrollment documents").
 */
export async function recipientsFor(
  user: Pick<CurrentUser, "email" | "names" | "firstSurname" | "language">,
  source: DocumentsSource,
  languages: (emails: string[]) => Promise<{ email: string; language: string }[]>,
): Promise<Recipient[]> {
  const holder: Recipient = {
    email: user.email.trim().toLowerCase(),
    name: [user.names, user.firstSurname].filter(Boolean).join(" "),
    language: user.language,
  };
  const l = localizer(source, user.language);
  const reps = representativesOf(source)
    .map((rep) => ({ email: l.str(rep.data.email).toLowerCase(), name: l.personName(rep.data) }))
    .filter((rep) => rep.email.includes("@"));
  const known = new Map(
    (await languages(reps.map((rep) => rep.email))).map((row) => [row.email.toLowerCase(), row.language]),
  );
  const recipients = [holder];
  for (const rep of reps) {
    if (recipients.some((r) => r.email === rep.email)) continue;
    const language = known.get(rep.email);
    recipients.push({ ...rep, language: isLanguage(language) ? language : holder.language });
  }
  return recipients;
}

/**
 * What the "enrollment received" e-mails need, read before the send's transaction (the documents'
 * source and the recipients' languages): inside it, only the code is still to be decided.
 */
export interface SentFilePlan {
  source: DocumentsSource;
  recipients: Recipient[];
}

export async function planSentFileMails(
  ctx: AppContext,
  user: CurrentUser,
  fileId: number,
): Promise<SentFilePlan | undefined> {
  const source = await loadDocumentsSource(ctx, fileId);
  if (!source) return undefined;
  const recipients = await recipientsFor(user, source, (emails) => findUserLanguages(ctx.db, emails));
  return { source, recipients };
}

/**
 * Queues one e-mail per recipient in the send's transaction: the send and its mails
 * commit together, and the outbox delivers them, rendering the PDFs in each recipient's language
 * at delivery. A mail that cannot go out now never undoes the send (the documents stay
 * downloadable from the congratulations page).
 */
export async function queueSentFileMails(
  ctx: AppContext,
  trx: Db,
  plan: SentFilePlan,
  sent: { requestId: number; code: string; userId: number; portalLink?: string },
): Promise<void> {
  const { source } = plan;
  for (const recipient of plan.recipients) {
    const l = localizer(source, recipient.language);
    const { to, subject, text, html } = renderEnrollmentReceived({
      language: recipient.language,
      to: recipient.email,
      name: recipient.name,
      school: source.school.name,
      student: source.studentName,
      level: l.level(),
      schoolYear: source.schoolYearLabel,
      code: sent.code,
      hours: source.constants.contractSigningHours,
      link: sent.portalLink,
      attachments: [],
    });
    await queueMail(ctx, trx, {
      kind: "enrollmentReceived",
      requestId: sent.requestId,
      userId: sent.userId,
      to,
      subject,
      text,
      html,
      attachments: { enrollmentDocuments: { fileId: source.fileId, language: recipient.language } },
    });
  }
}
