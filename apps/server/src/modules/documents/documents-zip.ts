import { once } from "node:events";
import type { ReadStream } from "node:fs";
import { Readable } from "node:stream";
import { translate } from "@portal/i18n/translate";
import type { Language } from "@portal/shared/languages";
import type { DocumentExportQuery } from "@portal/shared/schemas/documents";
// Loaded on the first ZIP, not at start (the server's resident memory).
import type { ZipArchive } from "archiver";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import type { CurrentUser } from "../../plugins/request-types.ts";
import { filesWithImageWithdrawn } from "../consents/consents.service.ts";
import { loadDocumentsSource } from "../enrollment/documents/document-source-loader.ts";
import { type DocumentKind, renderDocument } from "../enrollment/documents/documents.service.ts";
import { openUpload } from "../enrollment/uploads.service.ts";
import { yearHandInDocuments } from "../school-documents/document-texts.service.ts";
import { countDocumentRows, type DocumentRow, findDocumentRows } from "./documents.repository.ts";
import { documentFilterOf, readerRights, signingHoursOf, uploadsOf } from "./documents.service.ts";

/** Requests read per query while the ZIP is written (never the whole list at once). */
const BATCH = 50;

/** A name safe in every file system's folder: no separators, controls or reserved characters. */
export function safeName(value: string): string {
  const cleaned = value
    .replace(/[\u0000-\u001F\u007F/\\:*?"<>|]+/g, " ")
    .replace(/\s+/g, " ")
    .replace(/^[.\s]+/, "")
    .trim();
  return cleaned.slice(0, 120) || "_";
}

interface ZipContext {
  ctx: AppContext;
  user: CurrentUser;
  language: Language;
  log: FastifyBaseLogger;
}

/**
 * Appends one entry and resolves once the archive has written it (the stream's back-pressure);
 * rejects if the archive fails or is closed (the browser went away), so the export stops.
 */
function appendAndWait(archive: ZipArchive, source: Buffer | Readable, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (archive.destroyed) return reject(new Error("documents zip: the archive was closed"));
    const done = () => {
      archive.off("entry", onEntry);
      archive.off("error", onError);
      archive.off("close", onClose);
    };
    const onEntry = (entry: { name: string }) => {
      if (entry.name !== name) return;
      done();
      resolve();
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    const onClose = () => {
      done();
      if (source instanceof Readable) source.destroy();
      reject(new Error("documents zip: the archive was closed"));
    };
    archive.on("entry", onEntry);
    archive.on("error", onError);
    archive.on("close", onClose);
    archive.append(source, { name });
  });
}

/** One request's folder: its PDFs (as stored, or drawn now) and uploads; what cannot be read goes in `missing`. */
async function appendRequest(z: ZipContext, archive: ZipArchive, row: DocumentRow, missing: string[]): Promise<number> {
  const folder = `${safeName(`${row.code} ${row.student_name}`)}/`;
  const rights = readerRights(z.user.role);
  let files = 0;
  const kinds: DocumentKind[] = [...(rights.summary ? (["summary"] as const) : []), "to-sign"];
  const source = await loadDocumentsSource(z.ctx, row.file_id).catch((error: unknown) => {
    z.log.error({ err: error, requestId: row.id }, "documents zip: reading the file failed");
    return undefined;
  });
  for (const kind of kinds) {
    try {
      if (!source) throw new Error("no source");
      const rendered = await renderDocument(z.ctx, source, kind, z.language, { log: z.log });
      await appendAndWait(archive, Buffer.from(rendered.bytes), `${folder}${safeName(rendered.filename)}`);
      files++;
    } catch (error) {
      if (archive.destroyed) throw error;
      z.log.error({ err: error, requestId: row.id, kind }, "documents zip: generation failed");
      missing.push(`${folder}${translate(z.language, `documentsPage:zip.kind.${kind}`)}`);
    }
  }
  // A file whose steps cannot be read (a damaged row) loses its uploads, not the whole ZIP.
  const uploads = await uploadsOf(z.ctx, row).catch((error: unknown) => {
    z.log.error({ err: error, requestId: row.id }, "documents zip: reading the uploads failed");
    missing.push(`${folder}${translate(z.language, "documentsPage:zip.kind.uploads")}`);
    return [];
  });
  // The family withdrew the image consent: the student photo stays on file, out of exports
  // (docs/rules/data-protection.md "Withdrawing a consent").
  const imageWithdrawn = (await filesWithImageWithdrawn(z.ctx.db, [row.file_id])).has(row.file_id);
  for (const upload of uploads) {
    if (upload.step === "medicalRecord" && !rights.medicalUploads) continue;
    if (upload.step === "studentPhoto" && imageWithdrawn) continue;
    const name = `${folder}${upload.id}-${safeName(upload.original_name)}`;
    let stream: ReadStream | undefined;
    try {
      stream = (await openUpload(z.ctx, upload.id)).stream();
      await once(stream, "open");
    } catch (error) {
      z.log.warn({ err: error, requestId: row.id, uploadId: upload.id }, "documents zip: upload unreadable");
      stream?.destroy();
      missing.push(name);
      continue;
    }
    await appendAndWait(archive, stream, name);
    files++;
  }
  return files;
}

/**
 * GET /api/documents/export.zip: the filtered list's documents as one ZIP, streamed (archiver):
 * requests are read 50 at a time and each entry waits for the archive to take it, so nothing
 * holds the whole set. A document that cannot be generated or read is listed in README.txt.
 * The export is audited (who, filters, how many requests) before the first byte.
 */
export async function exportDocumentsZip(
  ctx: AppContext,
  user: CurrentUser,
  sessionSchoolYearId: number,
  query: DocumentExportQuery,
  meta: { ip: string; lang: Language; log: FastifyBaseLogger },
): Promise<ZipArchive> {
  const schoolYearId = query.schoolYearId ?? sessionSchoolYearId;
  const signingHours = await signingHoursOf(ctx, schoolYearId);
  const filter = documentFilterOf(
    schoolYearId,
    query,
    signingHours,
    Date.now(),
    await yearHandInDocuments(ctx, schoolYearId),
  );
  const total = await countDocumentRows(ctx.db, ctx.engine, filter);
  await recordAudit(ctx.db, {
    event: "documents.exported",
    actorUserId: user.id,
    ip: meta.ip,
    details: {
      schoolYearId,
      filters: { ...query, schoolYearId: undefined, q: query.q ? "…" : undefined },
      requests: total,
    },
  });
  const archive = new (await import("archiver")).ZipArchive({ zlib: { level: 6 } });
  const z: ZipContext = { ctx, user, language: meta.lang, log: meta.log };
  void (async () => {
    const missing: string[] = [];
    for (let offset = 0; ; offset += BATCH) {
      const rows = await findDocumentRows(ctx.db, ctx.engine, filter, { limit: BATCH, offset });
      for (const row of rows) await appendRequest(z, archive, row, missing);
      if (rows.length < BATCH) break;
    }
    const readme = [
      translate(meta.lang, "documentsPage:zip.readmeTitle", { count: total }),
      "",
      ...(missing.length === 0
        ? [translate(meta.lang, "documentsPage:zip.nothingMissing")]
        : [translate(meta.lang, "documentsPage:zip.missingTitle"), ...missing.map((name) => `- ${name}`)]),
      "",
    ].join("\r\n");
    await appendAndWait(archive, Buffer.from(readme, "utf8"), "README.txt");
    await archive.finalize();
  })().catch((error: unknown) => {
    // A browser that went away closes the archive: not a failure of the export.
    if (archive.destroyed) meta.log.info({ err: error }, "documents zip: stopped, the download was closed");
    else meta.log.error({ err: error }, "documents zip: export failed");
    archive.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return archive;
}
