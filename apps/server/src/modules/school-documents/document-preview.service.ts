import type { Language } from "@portal/shared/languages";
import type { SchoolDocumentPreviewResult } from "@portal/shared/schemas/school-documents";
import { fillBlocks, parseDocumentText } from "@portal/shared/school-documents";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { renderInWorker } from "../../lib/pdf-pool.ts";
import { fieldValues } from "../enrollment/documents/document-fields.ts";
import type { DocumentsSource } from "../enrollment/documents/document-source.ts";
import { loadDocumentsSource } from "../enrollment/documents/document-source-loader.ts";
import { findDocument, findRequestByCode } from "./school-documents.repository.ts";
import { checkFields, oneDocument } from "./school-documents.service.ts";

/*
 * Settings › Documents' previews: a text as typed filled with a real request of the document's
 * year (picked by its code), and the request's documents to sign with the document's draft in
 * place of the version in force. Neither is stored nor pinned: the request keeps its own version.
 */

async function sourceFor(ctx: AppContext, documentId: number, requestCode: string) {
  const document = await oneDocument(ctx, documentId);
  const row = await findDocument(ctx.db, documentId);
  if (!row) throw new AppError(404, "NOT_FOUND");
  const request = await findRequestByCode(ctx.db, requestCode.trim().toUpperCase(), row.school_year_id);
  if (!request) throw new AppError(404, "DOCUMENT_PREVIEW_REQUEST_NOT_FOUND", { code: requestCode });
  const source = await loadDocumentsSource(ctx, request.file_id);
  if (!source) throw new AppError(404, "DOCUMENT_PREVIEW_REQUEST_NOT_FOUND", { code: requestCode });
  return { document, source };
}

export async function previewText(
  ctx: AppContext,
  lang: Language,
  documentId: number,
  body: { language: Language; title: string; body: string; requestCode: string },
): Promise<SchoolDocumentPreviewResult> {
  checkFields(lang, { bodies: { es: body.body, en: "", fr: "" }, titles: { es: body.title, en: "", fr: "" } });
  const { source } = await sourceFor(ctx, documentId, body.requestCode);
  return {
    title: body.title,
    blocks: fillBlocks(parseDocumentText(body.body), fieldValues(source, body.language)),
    requestCode: source.request?.code ?? body.requestCode,
    studentName: source.studentName,
  };
}

/** The documents to sign of the request, this document's draft (else its version in force) in place. */
export async function previewPdf(
  ctx: AppContext,
  documentId: number,
  query: { language: Language; requestCode: string },
): Promise<{ bytes: Uint8Array; code: string }> {
  const { document, source } = await sourceFor(ctx, documentId, query.requestCode);
  const version = document.draft ?? document.inForce;
  if (!version) throw new AppError(409, "DOCUMENT_NO_DRAFT");
  const replaced = {
    documentId: document.id,
    key: document.key,
    builtIn: document.builtIn,
    // Previewed on paper even when the family accepts it online.
    online: false,
    versionId: version.id,
    titles: version.titles,
    bodies: version.bodies,
  };
  const others = source.schoolDocuments.filter((d) => d.documentId !== document.id);
  const position = source.schoolDocuments.findIndex((d) => d.documentId === document.id);
  const schoolDocuments = [...others];
  schoolDocuments.splice(position < 0 ? others.length : position, 0, replaced);
  const previewSource: DocumentsSource = { ...source, schoolDocuments };
  const bytes = await renderInWorker({ source: previewSource, kind: "to-sign", language: query.language });
  return { bytes, code: source.request?.code ?? query.requestCode };
}
