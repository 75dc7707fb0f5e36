import { DEFAULT_LANGUAGE, isLanguage } from "@portal/shared/languages";
import type { AppContext } from "../../../context.ts";
import type { MailAttachment } from "../../../mail/mailer.ts";
import type { AttachmentRecipe } from "../../../mail/outbox.ts";
import { loadDocumentsSource } from "./document-source-loader.ts";
import { DOCUMENT_KINDS, renderDocument } from "./documents.service.ts";

/**
 * The outbox's attachments: the "enrollment received" mail carries the sent file's two
 * PDFs, rendered when the mail is delivered (the row keeps only this recipe; PDFs are large) and
 * kept for the downloads. The
 * worker retries a mail whose file cannot be read now, like any other failed attempt.
 */
export async function resolveMailAttachments(ctx: AppContext, recipe: AttachmentRecipe): Promise<MailAttachment[]> {
  const { fileId, language } = recipe.enrollmentDocuments;
  const source = await loadDocumentsSource(ctx, fileId);
  if (!source?.request) throw new Error(`file ${fileId} has no request to attach documents of`);
  const lang = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  const attachments: MailAttachment[] = [];
  for (const kind of DOCUMENT_KINDS) {
    // One document at a time, with a turn of the event loop between: requests that arrive
    // meanwhile are answered between the two renderings instead of after both.
    await new Promise((resolve) => setImmediate(resolve));
    // Drawn and stored here for the family's language: the downloads that follow read that copy.
    const doc = await renderDocument(ctx, source, kind, lang, { background: true });
    attachments.push({ filename: doc.filename, content: Buffer.from(doc.bytes), contentType: "application/pdf" });
  }
  return attachments;
}
