import { isLanguage, type Language } from "@portal/shared/languages";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../../context.ts";
import { renderEnrollmentReceived } from "../../../mail/enrollment-received.ts";
import type { MailAttachment } from "../../../mail/mailer.ts";
import type { CurrentUser } from "../../../plugins/request-types.ts";
import { type DocumentsSource, loadDocumentsSource, localizer, representativesOf } from "./document-source.ts";
import { findUserLanguages } from "./documents.repository.ts";
import { DOCUMENT_KINDS, renderDocument } from "./documents.service.ts";
import { CONTRACT_SIGNING_HOURS } from "./documents-to-sign.ts";

/**
 * The "enrollment received" e-mail of a file just sent (issue #3), with both PDFs attached in each
 * recipient's language. It goes out after the send has committed, in the background: the send's
 * answer does not wait for PDFs and SMTP, and a mail failure never undoes the send (the family can
 * still download the documents from the congratulations page). Failures are logged.
 */

export interface Recipient {
  email: string;
  name: string;
  language: Language;
}

export interface MailOutcome {
  fileId: number;
  delivered: string[];
  failed: string[];
}

/**
 * The account holder (their language), then each representative's e-mail (a declined second
 * representative has none), once per address whatever its case. A representative who has a portal
 * account gets that account's language; otherwise the account holder's (decisions.md).
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

async function attachmentsIn(source: DocumentsSource, language: Language): Promise<MailAttachment[]> {
  const documents = await Promise.all(DOCUMENT_KINDS.map((kind) => renderDocument(source, kind, language)));
  return documents.map((doc) => ({
    filename: doc.filename,
    content: Buffer.from(doc.bytes),
    contentType: "application/pdf",
  }));
}

async function mailFamily(
  ctx: AppContext,
  user: CurrentUser,
  fileId: number,
  opts: { log: FastifyBaseLogger; portalLink?: string },
): Promise<MailOutcome> {
  const outcome: MailOutcome = { fileId, delivered: [], failed: [] };
  const source = await loadDocumentsSource(ctx, fileId);
  if (!source?.request) throw new Error(`file ${fileId} has no request`);
  const recipients = await recipientsFor(user, source, (emails) => findUserLanguages(ctx.db, emails));
  // One rendering per language within this send, shared by the recipients who read it.
  const rendered = new Map<Language, Promise<MailAttachment[]>>();
  for (const recipient of recipients) {
    try {
      let attachments = rendered.get(recipient.language);
      if (!attachments) {
        attachments = attachmentsIn(source, recipient.language);
        rendered.set(recipient.language, attachments);
      }
      const l = localizer(source, recipient.language);
      await ctx.mailer.send(
        renderEnrollmentReceived({
          language: recipient.language,
          to: recipient.email,
          name: recipient.name,
          school: source.school.name,
          student: source.studentName,
          level: l.level(),
          schoolYear: source.schoolYearLabel,
          code: source.request.code,
          hours: CONTRACT_SIGNING_HOURS,
          link: opts.portalLink,
          attachments: await attachments,
        }),
      );
      outcome.delivered.push(recipient.email);
    } catch (error) {
      outcome.failed.push(recipient.email);
      opts.log.error(
        { err: error, fileId, to: recipient.email },
        "enrollment received e-mail failed (the file stays sent)",
      );
    }
  }
  return outcome;
}

const pending = new WeakMap<AppContext, Set<Promise<MailOutcome | undefined>>>();

/**
 * Starts the family's e-mail for a file just sent and returns at once. Never throws: whatever
 * fails is logged.
 */
export function mailSentFile(
  ctx: AppContext,
  user: CurrentUser,
  fileId: number,
  opts: { log: FastifyBaseLogger; portalLink?: string },
): void {
  const task = mailFamily(ctx, user, fileId, opts).catch((error: unknown) => {
    opts.log.error({ err: error, fileId }, "enrollment received e-mail not sent (the file stays sent)");
    return undefined;
  });
  const set = pending.get(ctx) ?? new Set();
  pending.set(ctx, set);
  set.add(task);
  void task.finally(() => set.delete(task));
}

/**
 * Waits for the e-mails still going out (at most `timeoutMs`): on shutdown, before the database
 * and the mailer close; in tests, to see the outcome. Returns the outcomes that finished.
 */
export async function settleFileMails(ctx: AppContext, timeoutMs = 8000): Promise<MailOutcome[]> {
  const tasks = [...(pending.get(ctx) ?? [])];
  if (tasks.length === 0) return [];
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
  });
  const all = Promise.all(tasks);
  const result = await Promise.race([all, timeout]);
  clearTimeout(timer);
  return result === "timeout" ? [] : result.filter((outcome): outcome is MailOutcome => outcome !== undefined);
}
