import { ALL_ROUTES } from "@portal/shared/route-access";
import type { AppContext } from "../../context.ts";
import type { ReminderLine } from "../../mail/family-reminder.ts";
import { publicLink } from "../auth/links.ts";
import type { Due } from "./reminder-due.ts";
import { familyEmails, findPendingSignatures, findRepresentativeSigners } from "./reminder-signatures.repository.ts";

/*
 * The cause "documents to sign online" (docs/rules/reminders.md "The causes"): a document of a sent
 * request still `pending` with a representative who has not signed and can be reached. One subject
 * per document (its own count of reminders, from its row's creation); the e-mail lists a request's
 * documents on one line, with the representatives who sign by link named so the family can send
 * the link again (they are not e-mailed by the sweep: docs/rules/documents.md "Signing online").
 */

const familySigningPath = ALL_ROUTES.find((route) => route.id === "familySigning")?.fullPath ?? "/";

type Signer = Awaited<ReturnType<typeof findRepresentativeSigners>>[number];

/**
 * Who of a document's unsigned representatives is waiting, and who of them signs by link. A
 * signed-in account signs as the representative whose e-mail is its own, else as representative 1
 * (docs/rules/documents.md "Signing online"): those get this e-mail; the others need the link.
 */
export function waitingSigners(signers: Signer[], accountEmails: ReadonlySet<string>) {
  const byAccount = new Set(
    signers.filter((s) => s.email !== null && accountEmails.has(s.email.toLowerCase())).map((s) => s.role),
  );
  if (byAccount.size === 0) byAccount.add("representative1");
  const unsigned = signers.filter((s) => s.signed_at === null);
  const reachable = unsigned.filter((s) => byAccount.has(s.role) || s.email !== null);
  const byLink = reachable.filter((s) => !byAccount.has(s.role)).map((s) => s.name.trim());
  return { reachable: reachable.length > 0, byLink };
}

/** Every pending document a family can act on, in the years given: one `Due` candidate each. */
export async function pendingSignatures(ctx: AppContext, yearIds: number[]): Promise<Due[]> {
  const documents = await findPendingSignatures(ctx.db, yearIds);
  const signers = await findRepresentativeSigners(
    ctx.db,
    documents.map((d) => d.id),
  );
  const emails = await familyEmails(
    ctx.db,
    documents.map((d) => Number(d.family_user_id)),
  );
  const found: Due[] = [];
  for (const d of documents) {
    const familyUserId = Number(d.family_user_id);
    const waiting = waitingSigners(
      signers.filter((s) => s.signing_document_id === d.id),
      emails.get(familyUserId) ?? new Set(),
    );
    if (!waiting.reachable) continue;
    const link = publicLink(
      ctx,
      familySigningPath.replace(":fileId", String(d.file_id)).replace(":documentId", String(d.document_id)),
    );
    found.push({
      familyUserId,
      cause: "signaturesPending",
      subjectId: d.id,
      requestId: d.request_id,
      startedAt: d.created_at,
      line: {
        cause: "signaturesPending",
        student: d.student_name,
        year: d.year,
        code: d.code,
        since: d.created_at,
        titles: [{ es: d.title_es, en: d.title_en, fr: d.title_fr }],
        byLink: waiting.byLink,
        link,
      },
    });
  }
  return found;
}

/** One line per request for its documents to sign (the first document's link); other lines as they are. */
export function mergeSignatureLines(lines: readonly ReminderLine[]): ReminderLine[] {
  const out: ReminderLine[] = [];
  const byRequest = new Map<string, ReminderLine>();
  for (const line of lines) {
    if (line.cause !== "signaturesPending") {
      out.push(line);
      continue;
    }
    const first = byRequest.get(line.code);
    if (!first) {
      const copy = { ...line, titles: [...(line.titles ?? [])], byLink: [...(line.byLink ?? [])] };
      byRequest.set(line.code, copy);
      out.push(copy);
      continue;
    }
    first.titles!.push(...(line.titles ?? []));
    for (const name of line.byLink ?? []) if (!first.byLink!.includes(name)) first.byLink!.push(name);
  }
  return out;
}
