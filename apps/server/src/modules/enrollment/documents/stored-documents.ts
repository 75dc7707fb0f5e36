import { createHash } from "node:crypto";
import fs, { type FileHandle } from "node:fs/promises";
import path from "node:path";
import type { Language } from "@portal/shared/languages";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../../context.ts";
import { nowIso, writeTransaction } from "../../../db/database.ts";
import { randomToken } from "../../../lib/crypto.ts";
import { renderInWorker } from "../../../lib/pdf-pool.ts";
import { removeStoredFile, writeStoredFile } from "../../../lib/stored-files.ts";
import type { DocumentsSource } from "./document-source.ts";
import { findStoredDocument, replaceStoredDocument } from "./stored-documents.repository.ts";

/*
 * A sent file's PDFs are drawn once and kept, so a download, a staff view or the
 * confirmation e-mail reads a file instead of spending a worker thread on it. A stored PDF is
 * served only while everything its drawing read is unchanged (the digest), so a staff correction
 * or a renamed label never leaves an outdated summary; "generate a new report" draws it anyway.
 * Keeping it is a cache: a disk or database fault while storing is logged and the freshly drawn
 * PDF is still answered.
 */

type Kind = "summary" | "to-sign";

/** JSON with object keys sorted and Maps as sorted entries: the same input, the same text. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof Map) return [...item.entries()].sort(([a], [b]) => String(a).localeCompare(String(b)));
    if (item && typeof item === "object" && !Array.isArray(item)) {
      return Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)));
    }
    return item;
  });
}

export function sourceDigest(source: DocumentsSource, kind: Kind, language: Language): string {
  return createHash("sha256").update(stableJson({ source, kind, language })).digest("hex");
}

const filesDir = (ctx: AppContext) => path.join(ctx.config.dataDir, "files");

async function readStored(ctx: AppContext, source: DocumentsSource, kind: Kind, language: Language, digest: string) {
  const row = await findStoredDocument(ctx.db, { fileId: source.fileId, kind, language });
  if (!row || row.digest !== digest) return undefined;
  // A file lost from the disk (a restore without it) is drawn again, not an error.
  return fs.readFile(path.join(filesDir(ctx), row.storage_key)).catch(() => undefined);
}

/** A stored PDF opened for streaming: the answer is read from the disk as it is sent, never copied. */
export interface StoredPdf {
  file: FileHandle;
  size: number;
}

/**
 * The stored PDF of this kind and language, opened, if it is still current (its digest is the
 * source's); undefined when it must be drawn (none, outdated, or lost from the disk).
 */
export async function openCurrentStored(
  ctx: AppContext,
  source: DocumentsSource,
  kind: Kind,
  language: Language,
): Promise<StoredPdf | undefined> {
  const row = await findStoredDocument(ctx.db, { fileId: source.fileId, kind, language });
  if (!row || row.digest !== sourceDigest(source, kind, language)) return undefined;
  const file = await fs.open(path.join(filesDir(ctx), row.storage_key)).catch(() => undefined);
  return file && { file, size: row.size };
}

async function store(
  ctx: AppContext,
  source: DocumentsSource,
  kind: Kind,
  language: Language,
  digest: string,
  bytes: Buffer,
) {
  const storageKey = `${randomToken(18)}.pdf`;
  writeStoredFile(filesDir(ctx), storageKey, bytes);
  let previous: string | undefined;
  try {
    previous = await writeTransaction(ctx.db, ctx.engine, (trx) =>
      replaceStoredDocument(trx, {
        file_id: source.fileId,
        kind,
        language,
        digest,
        storage_key: storageKey,
        size: bytes.length,
        generated_at: nowIso(),
      }),
    );
  } catch (error) {
    removeStoredFile(filesDir(ctx), storageKey);
    throw error;
  }
  if (previous && previous !== storageKey) removeStoredFile(filesDir(ctx), previous);
}

/** The file's PDF of this kind and language: the stored one if still current, else drawn now and stored. */
export async function documentBytes(
  ctx: AppContext,
  source: DocumentsSource,
  kind: Kind,
  language: Language,
  opts: { regenerate?: boolean; background?: boolean; log?: FastifyBaseLogger } = {},
): Promise<Buffer> {
  const digest = sourceDigest(source, kind, language);
  if (!opts.regenerate) {
    const stored = await readStored(ctx, source, kind, language, digest);
    if (stored) return stored;
  }
  const drawn = await renderInWorker({ source, kind, language }, { background: opts.background });
  const bytes = Buffer.from(drawn.buffer, drawn.byteOffset, drawn.byteLength);
  try {
    await store(ctx, source, kind, language, digest, bytes);
  } catch (error) {
    opts.log?.warn({ err: error, fileId: source.fileId, kind, language }, "enrollment document: not stored");
  }
  return bytes;
}
