import { translate } from "@portal/i18n/translate";
import type { Language } from "@portal/shared/languages";
import { isFamilyRole } from "@portal/shared/roles";
import type { TermsTexts } from "@portal/shared/schemas/school-documents";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../../context.ts";
import { recordAudit } from "../../../kernel/audit-trail.ts";
import { AppError } from "../../../lib/errors.ts";
import { TurnQueue } from "../../../lib/turn-queue.ts";
import type { CurrentUser } from "../../../plugins/request-types.ts";
import { ownFile } from "../enrollment.service.ts";
import { filledBlocks } from "./document-fields.ts";
import type { DocumentsSource } from "./document-source.ts";
import { loadDocumentsSource } from "./document-source-loader.ts";
import { documentBytes, openCurrentStored, type StoredPdf } from "./stored-documents.ts";

/** The documents of a sent file (spec 2, congratulations screen). */
export const DOCUMENT_KINDS = ["summary", "to-sign"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export interface RenderedDocument {
  /** e.g. `resumen-inscripcion-INS-11-000042.pdf`, in the reader's language. */
  filename: string;
  bytes: Uint8Array;
}

/** Spec 8: 'FILE NOT FOUND' — a file not sent yet has no documents, nor one that failed to render. */
const fileNotFound = () => new AppError(404, "FILE_NOT_FOUND");

export function documentFilename(kind: DocumentKind, language: Language, code: string): string {
  const base = translate(language, kind === "summary" ? "documents:files.summary" : "documents:files.toSign");
  return `${base}-${code}.pdf`;
}

/**
 * A sent file's document: the stored PDF while still current, else drawn in a worker thread and
 * stored (stored-documents.ts); `regenerate` draws it anyway ("generate a new report").
 */
export async function renderDocument(
  ctx: AppContext,
  source: DocumentsSource,
  kind: DocumentKind,
  language: Language,
  opts: { regenerate?: boolean; background?: boolean; log?: FastifyBaseLogger } = {},
): Promise<RenderedDocument> {
  const bytes = await documentBytes(ctx, source, kind, language, opts);
  return { filename: documentFilename(kind, language, source.request?.code ?? String(source.fileId)), bytes };
}

/** A download's answer: the stored PDF streamed from the disk, or the bytes just drawn. */
export interface DownloadedDocument {
  filename: string;
  body: { stored: StoredPdf } | { bytes: Buffer };
}

/**
 * The main-thread part of a download (the access check, the file's data read, its digest, the
 * stored copy looked up: ≈ 3 ms on SQLite, where the queries do not yield) in slices of an
 * event-loop turn each, so that twenty at once never hold every other request (docs/adr/0005-pdf-worker-pools.md). On SQLite one download at a time: its queries run on this thread,
 * two at once would only take turns. On PostgreSQL four: each query waits on the network, which
 * already slices the work, and one at a time would leave the thread idle between them. Drawing,
 * when needed, waits outside, in the worker threads' queue.
 */
const downloadChecks = { sqlite: new TurnQueue(1), postgres: new TurnQueue(4) };
/** Lets the I/O that waits (other requests) run before the next slice. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function checkedSource(
  ctx: AppContext,
  user: CurrentUser,
  fileId: number,
  kind: DocumentKind,
  language: Language,
  meta: { log: FastifyBaseLogger; regenerate?: boolean },
): Promise<{ source: DocumentsSource; stored?: StoredPdf }> {
  if (isFamilyRole(user.role)) await ownFile(ctx, user, fileId);
  await nextTurn();
  let source: DocumentsSource | undefined;
  try {
    source = await loadDocumentsSource(ctx, fileId);
  } catch (error) {
    meta.log.error({ err: error, fileId, kind }, "enrollment document: reading the file failed");
    throw fileNotFound();
  }
  if (!source) throw new AppError(404, "NOT_FOUND");
  if (source.status !== "sent" || !source.request) throw fileNotFound();
  if (meta.regenerate) return { source };
  await nextTurn();
  try {
    return { source, stored: await openCurrentStored(ctx, source, kind, language) };
  } catch (error) {
    meta.log.error({ err: error, fileId, kind, language }, "enrollment document: generation failed");
    throw fileNotFound();
  }
}

/**
 * A sent file's document, as stored while what it shows is unchanged, else drawn again. The family sees only its own files ('You are not authorized…' otherwise); staff with
 * the `enrollmentDocuments` permission see any. A draft has no documents: 404 FILE_NOT_FOUND, and
 * so does a generation failure, which is logged.
 */
export async function getFileDocument(
  ctx: AppContext,
  user: CurrentUser,
  fileId: number,
  kind: DocumentKind,
  language: Language,
  meta: { log: FastifyBaseLogger; ip: string; regenerate?: boolean },
): Promise<DownloadedDocument> {
  const { log } = meta;
  const { source, stored } = await downloadChecks[ctx.engine].run(() =>
    checkedSource(ctx, user, fileId, kind, language, meta),
  );
  const request = source.request!;
  let body: DownloadedDocument["body"];
  if (stored) body = { stored };
  else {
    try {
      // Not stored, outdated or "generate a new report": drawn now (and stored).
      body = { bytes: await documentBytes(ctx, source, kind, language, { regenerate: true, log }) };
    } catch (error) {
      log.error({ err: error, fileId, kind, language }, "enrollment document: generation failed");
      throw fileNotFound();
    }
  }
  // The registration summary carries the medical record: a staff download is an export of it,
  // logged like a view of the module page.
  if (kind === "summary" && !isFamilyRole(user.role)) {
    try {
      await recordAudit(ctx.db, {
        event: "medicalRecord.viewed",
        actorUserId: user.id,
        subjectUserId: source.familyUserId,
        ip: meta.ip,
        details: { fileId, code: request.code, export: "registrationSummary" },
      });
    } catch (error) {
      if ("stored" in body) await body.stored.file.close();
      throw error;
    }
  }
  return { filename: documentFilename(kind, language, request.code), body };
}

/**
 * The terms step's keys of the school's documents accepted online. The contract is not among
 * them: the step shows the portal's summary of it, which announces the full contract the family
 * signs (the documents to sign hold the school's text).
 */
const TERMS_KEYS: Record<string, string> = {
  termsOfUse: "termsOfUse",
  dataUse: "dataUseAgreement",
};

/**
 * GET /api/enrollment/files/:fileId/terms-texts: the school's terms of use and data-use agreement
 * as the file reads them (the version in force for a draft, the one kept for a sent
 * file), filled with the file's data in the reader's language (docs/rules/documents.md "The
 * school's own documents").
 */
export async function termsTexts(
  ctx: AppContext,
  user: CurrentUser,
  fileId: number,
  language: Language,
): Promise<TermsTexts> {
  if (isFamilyRole(user.role)) await ownFile(ctx, user, fileId);
  const source = await loadDocumentsSource(ctx, fileId);
  if (!source) throw fileNotFound();
  return {
    items: source.schoolDocuments.flatMap((document) => {
      const key = TERMS_KEYS[document.key];
      if (!document.builtIn || !key) return [];
      return [
        {
          key,
          versionId: document.versionId,
          title: document.titles[language] || document.titles.es,
          blocks: filledBlocks(source, language, document.bodies[language] || document.bodies.es),
        },
      ];
    }),
  };
}
