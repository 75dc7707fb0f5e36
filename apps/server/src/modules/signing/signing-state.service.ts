import type { Language } from "@portal/shared/languages";
import {
  SIGNER_ROLES,
  SIGNING_ERRORS,
  type SignerRole,
  type SigningDocument,
  type SigningState,
  type SigningStatus,
} from "@portal/shared/schemas/signing";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import type { CurrentUser } from "../../plugins/request-types.ts";
import {
  findRequestByFile,
  findRequestById,
  findVersions,
  type SignerRow,
  type SigningDocumentRow,
  type SigningRequestRow,
} from "./signing.repository.ts";
import { ensureRows, type Meta, type SigningRows } from "./signing-rows.service.ts";
import {
  type DocumentText,
  loadSigningSource,
  maskEmail,
  parseText,
  type SigningSource,
  serializeText,
  textNow,
  textSha256,
} from "./signing-text.ts";

/*
 * Who reads which request's signing, and what they read (docs/rules/documents.md "Signing online"):
 * a family its own sent files only (never at the desk: the staff do not sign for a family), the
 * staff any request; the state of every document and the text of one, as it would be signed now.
 */

const notFound = () => new AppError(404, SIGNING_ERRORS.notFound);

/** The family's own sent file's request: 404 when none (or in correction), 403 for another family's file. */
export async function familyRequest(ctx: AppContext, user: CurrentUser, fileId: number): Promise<SigningRequestRow> {
  // A staff member acting at the desk may fill in a family's file, never sign for it.
  if (user.desk) throw new AppError(403, "FORBIDDEN");
  const request = await findRequestByFile(ctx.db, fileId);
  if (!request) throw notFound();
  if (request.familyId !== user.familyId) throw new AppError(403, "NOT_YOUR_STUDENT");
  if (request.fileStatus !== "sent") throw notFound();
  return request;
}

export async function staffRequest(ctx: AppContext, requestId: number): Promise<SigningRequestRow> {
  const request = await findRequestById(ctx.db, requestId);
  if (!request) throw new AppError(404, "REQUEST_NOT_FOUND");
  return request;
}

export interface Loaded {
  s: SigningSource;
  rows: SigningRows;
}

export async function loadRows(ctx: AppContext, request: SigningRequestRow, meta: Meta): Promise<Loaded> {
  const s = await loadSigningSource(ctx, request);
  return { s, rows: await ensureRows(ctx, s, meta) };
}

export function documentOf(loaded: Loaded, documentId: number): { row: SigningDocumentRow; signers: SignerRow[] } {
  const row = loaded.rows.documents.find((d) => d.document_id === documentId);
  if (!row) throw notFound();
  return { row, signers: loaded.rows.signers.filter((x) => x.signing_document_id === row.id) };
}

/** The representative a family account signs as: the one with its e-mail, else representative 1. */
export function accountRole(s: SigningSource, email: string): "representative1" | "representative2" {
  const mine = s.representatives.find((rep) => rep.email?.toLowerCase() === email.toLowerCase());
  return mine?.role ?? "representative1";
}

export interface CurrentText {
  versionId: number;
  text: DocumentText;
  signedText: string;
  sha256: string;
}

/** The text to sign now: the frozen one after the first signature, else the version in force filled. */
export function currentText(s: SigningSource, row: SigningDocumentRow): CurrentText {
  if (row.signed_text !== null && row.text_sha256 !== null) {
    return {
      versionId: row.version_id,
      text: parseText(row.signed_text),
      signedText: row.signed_text,
      sha256: row.text_sha256,
    };
  }
  const document = s.signable.find((d) => d.documentId === row.document_id);
  if (!document) throw notFound();
  const text = textNow(s, document);
  const signedText = serializeText(text);
  return { versionId: document.versionId, text, signedText, sha256: textSha256(signedText) };
}

const titleIn = (version: { title_es: string; title_en: string; title_fr: string }, lang: Language) =>
  ({ es: version.title_es, en: version.title_en, fr: version.title_fr })[lang] || version.title_es;

/** SigningState; `account` (the family's e-mail) fills canSignHere and canSendLink, false for the staff. */
export async function stateOf(
  ctx: AppContext,
  loaded: Loaded,
  lang: Language,
  account: { email: string } | null,
): Promise<SigningState> {
  const { rows, s } = loaded;
  const versions = new Map(
    (
      await findVersions(
        ctx.db,
        rows.documents.map((d) => d.version_id),
      )
    ).map((v) => [v.id, v]),
  );
  const mine = account ? accountRole(s, account.email) : null;
  return {
    documents: rows.documents.map((row) => {
      const version = versions.get(row.version_id);
      const status = row.status as SigningStatus;
      const open = status === "pending";
      const signers = rows.signers
        .filter((x) => x.signing_document_id === row.id)
        .sort((a, b) => SIGNER_ROLES.indexOf(a.role as SignerRole) - SIGNER_ROLES.indexOf(b.role as SignerRole));
      return {
        documentId: row.document_id,
        key: version?.key ?? "",
        title: version ? titleIn(version, lang) : "",
        status,
        versionNumber: Number(version?.number ?? 0),
        version: Number(row.version),
        verificationCode: row.verification_code,
        completedAt: row.completed_at,
        signers: signers.map((signer) => ({
          role: signer.role as SignerRole,
          name: signer.name,
          signedAt: signer.signed_at,
          emailMasked: signer.role === "school" ? null : maskEmail(signer.email),
          linkSentAt: signer.link_sent_at,
          canSignHere: open && signer.signed_at === null && signer.role === mine,
          canSendLink:
            open &&
            mine !== null &&
            signer.signed_at === null &&
            signer.role !== "school" &&
            signer.role !== mine &&
            signer.email !== null,
        })),
      };
    }),
  };
}

/** SigningDocument: the text a signer reads, as it would be signed now. */
export async function documentFor(
  ctx: AppContext,
  loaded: Loaded,
  documentId: number,
  role: SignerRole,
): Promise<SigningDocument> {
  const { row, signers } = documentOf(loaded, documentId);
  const signer = signers.find((x) => x.role === role);
  if (!signer) throw notFound();
  const now = currentText(loaded.s, row);
  const version = (await findVersions(ctx.db, [now.versionId]))[0];
  return {
    documentId: row.document_id,
    versionId: now.versionId,
    versionNumber: Number(version?.number ?? 0),
    title: now.text.title,
    blocks: now.text.blocks,
    textSha256: now.sha256,
    language: loaded.s.language,
    signer: { role, name: signer.name, identification: signer.identification ?? "" },
    alreadySigned: signer.signed_at !== null,
    status: row.status as SigningStatus,
  };
}
