import path from "node:path";
import { Worker } from "node:worker_threads";
import type { Language } from "@portal/shared/languages";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context.ts";
import type { ZipMessage } from "../../workers/data-export-zip-tasks.ts";
import { loadDocumentsSource } from "../enrollment/documents/document-source-loader.ts";
import { renderDocument } from "../enrollment/documents/documents.service.ts";
import type { PreparedFile } from "./data-export-archive.ts";
import type { ArchiveFile, GatheredData } from "./data-export-data.ts";
import { filesDir } from "./data-export-paths.ts";

/*
 * The main thread's side of the "My data" archive (docs/data-protection.md "Off the event loop"):
 * the PDFs are taken from their stored copies or drawn by the PDF worker threads (as background
 * work, behind the downloads someone waits for), then one thread of its own writes the ZIP
 * (workers/data-export-zip-tasks.ts) and reports each entry; the main thread only relays progress.
 */

/** The compiled server has the thread's bundle beside it; under tsx an .mjs entry registers tsx for it. */
const workerEntry = () =>
  import.meta.url.endsWith(".ts")
    ? new URL("../../workers/data-export-zip.worker.mjs", import.meta.url)
    : new URL("./data-export-zip.worker.mjs", import.meta.url);

async function documentPdf(
  ctx: AppContext,
  file: Extract<ArchiveFile, { type: "document" }>,
  language: Language,
  log: FastifyBaseLogger,
): Promise<Uint8Array | null> {
  try {
    const source = await loadDocumentsSource(ctx, file.fileId);
    if (source?.status !== "sent" || !source.request) return null;
    return (await renderDocument(ctx, source, file.kind, language, { background: true, log })).bytes;
  } catch (error) {
    log.warn({ err: error, fileId: file.fileId, kind: file.kind }, "data export: a document could not be drawn");
    return null;
  }
}

/** An error carrying the thread's error code (ENOSPC…), so the caller tells a full disk apart. */
class ZipThreadError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

export async function writeArchiveInThread(opts: {
  ctx: AppContext;
  target: string;
  gathered: GatheredData;
  language: Language;
  log: FastifyBaseLogger;
  onProgress: (done: number) => Promise<void>;
}): Promise<number> {
  const { ctx, gathered, language, log } = opts;
  const files: PreparedFile[] = [];
  for (const file of gathered.files) {
    files.push(
      file.type === "document"
        ? { ...file, bytes: await documentPdf(ctx, file, language, log) }
        : { ...file, path: path.join(filesDir(ctx), file.storageKey) },
    );
  }
  const worker = new Worker(workerEntry(), {
    workerData: { target: opts.target, data: gathered.data, files, language },
    // Not the main thread's flags: under tsx, `--import tsx` would run before the entry registers its own.
    execArgv: [],
  });
  let progress = Promise.resolve();
  return new Promise<number>((resolve, reject) => {
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      // The last progress write lands before the caller writes the outcome.
      progress.then(action, action);
    };
    worker.on("message", (message: ZipMessage) => {
      if (message.type === "progress") {
        progress = progress.then(() => opts.onProgress(message.done)).catch(() => {});
      } else if (message.type === "done") settle(() => resolve(message.size));
      else settle(() => reject(new ZipThreadError(message.message, message.code ?? undefined)));
    });
    worker.on("error", (error) => settle(() => reject(error)));
    worker.on("exit", (code) => settle(() => reject(new Error(`data export thread exited (${code})`))));
  });
}
