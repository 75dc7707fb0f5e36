import { DEFAULT_LANGUAGE, isLanguage, type Language } from "@portal/shared/languages";
import type { Block } from "@portal/shared/school-documents";
import type { AppContext } from "../../context.ts";
import { sha256 } from "../../lib/crypto.ts";
import { filledBlocks } from "../enrollment/documents/document-fields.ts";
import { type DocumentsSource, localizer, representativesOf } from "../enrollment/documents/document-source.ts";
import { loadDocumentsSource } from "../enrollment/documents/document-source-loader.ts";
import { portalParts } from "../enrollment/documents/portal-parts.ts";
import { documentsForFile, type FileDocumentText } from "../school-documents/document-texts.service.ts";
import type { SigningRequestRow } from "./signing.repository.ts";

/*
 * What a request signs online (docs/rules/documents.md "Signing online"): the documents to sign the
 * year's rules require (not the terms of use nor the data-use agreement, accepted in the terms step;
 * the exit authorization only where the checklist requires it), each in the version in force, filled
 * with the file's data and followed by what the portal writes from the file (the exit
 * authorization's persons and schedule, the image consent's answers). The text signed is stored as JSON of its title and blocks, so every later
 * signer and the final PDF read exactly the words the first signer read.
 */

export interface SignableDocument extends FileDocumentText {}

export interface RepresentativeOnFile {
  role: "representative1" | "representative2";
  name: string;
  identification: string;
  email: string | null;
}

export interface SigningSource {
  request: SigningRequestRow;
  /** The request's language: the language of the account that sent the file. */
  language: Language;
  source: DocumentsSource;
  signable: SignableDocument[];
  representatives: RepresentativeOnFile[];
}

export interface DocumentText {
  title: string;
  blocks: Block[];
}

/** The exit authorization is required only where the family chose an exit (the hand-in checklist's rule). */
function exitRequired(source: DocumentsSource): boolean {
  const exit = source.steps.exitAuthorization ?? {};
  return exit.exitAlone === true || exit.middayBreak === true || exit.freePeriods === true;
}

export async function loadSigningSource(ctx: AppContext, request: SigningRequestRow): Promise<SigningSource> {
  const source = await loadDocumentsSource(ctx, request.fileId);
  if (!source) throw new Error(`file ${request.fileId} has no documents source`);
  const inForce = await documentsForFile(ctx, {
    fileId: request.fileId,
    schoolYearId: request.schoolYearId,
    isNewStudent: Number(request.isNewStudent) === 1,
    levelCode: source.levelCode ?? request.levelCode,
    // The versions in force, not the file's pinned ones: until the first signature the row follows them.
    sent: false,
  });
  const signable = inForce.filter(
    (document) => !document.online && (document.key !== "exitAuthorization" || exitRequired(source)),
  );
  const language = isLanguage(request.senderLanguage) ? request.senderLanguage : DEFAULT_LANGUAGE;
  const l = localizer(source, language);
  const representatives = representativesOf(source).map((rep) => {
    const email = l.str(rep.data.email);
    return {
      role: rep.number === 1 ? ("representative1" as const) : ("representative2" as const),
      name: l.personName(rep.data),
      identification: l.str(rep.data.documentNumber),
      email: email || null,
    };
  });
  return { request, language, source, signable, representatives };
}

/** A document's text as it would be signed now, in the request's language. */
export function textNow(s: SigningSource, document: SignableDocument): DocumentText {
  const language = s.language;
  return {
    title: document.titles[language] || document.titles.es,
    blocks: [
      ...filledBlocks(s.source, language, document.bodies[language] || document.bodies.es),
      // The persons, schedule or answers the portal writes from the file: signed with the text.
      ...portalParts(localizer(s.source, language), s.source, document),
    ],
  };
}

export const serializeText = (text: DocumentText): string => JSON.stringify({ title: text.title, blocks: text.blocks });

export function parseText(signedText: string): DocumentText {
  const parsed = JSON.parse(signedText) as DocumentText;
  return { title: String(parsed.title ?? ""), blocks: Array.isArray(parsed.blocks) ? parsed.blocks : [] };
}

/** SHA-256 (hex) of the UTF-8 of the text signed. */
export const textSha256 = (signedText: string): string => sha256(signedText);

/** Names compared without case, accents or repeated spaces (docs/rules/documents.md "Signing online"). */
export function sameName(a: string, b: string): boolean {
  const norm = (value: string) =>
    value.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
  return norm(a) !== "" && norm(a) === norm(b);
}

/** m***@example.com */
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email[0]}***${email.slice(at)}`;
}
