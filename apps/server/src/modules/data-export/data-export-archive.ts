import fs from "node:fs";
import type { Readable } from "node:stream";
import type { Language } from "@portal/shared/languages";
import { dataExportJsonSchema } from "@portal/shared/schemas/data-export";
import type { ZipArchive } from "archiver";
import type { ArchiveFile, GatheredData } from "./data-export-data.ts";
import { readmeText } from "./data-export-readme.ts";

/*
 * Writes the "My data" ZIP to the disk, in the archive's own thread (workers/data-export-zip-tasks.ts;
 * docs/data-protection.md "Off the event loop"): each file is streamed in (one open at a time, the
 * next only once the previous entry is written, so memory stays flat), the PDFs arrive as bytes
 * (stored copies or drawn by the PDF workers, data-export-zip.ts). The archive is written as
 * `<name>.part` and renamed only once complete, so a failure (a full disk) never leaves a partial
 * archive under the final name; the part is removed.
 */

/** Data, schema and README, besides the files. */
export const FIXED_ENTRIES = 3;

/** A file to put in: an upload or a final signed PDF by its path on the disk, or a generated PDF's bytes (null: could not be drawn). */
export type PreparedFile =
  | (Extract<ArchiveFile, { type: "upload" | "signed" }> & { path: string })
  | (Extract<ArchiveFile, { type: "document" }> & { bytes: Uint8Array | null });

export interface ArchiveJob {
  target: string;
  data: GatheredData["data"];
  files: PreparedFile[];
  language: Language;
  onProgress: (done: number) => Promise<void>;
}

async function openUpload(file: string): Promise<Readable | null> {
  try {
    const handle = await fs.promises.open(file, "r");
    const stat = await handle.stat();
    if (stat.isFile()) return handle.createReadStream({ highWaterMark: Math.min(64 * 1024, Math.max(1, stat.size)) });
    await handle.close();
    return null;
  } catch {
    return null;
  }
}

/** Notes the file as missing in data.json: its path null, listed in missingFiles. */
function markMissing(job: ArchiveJob, file: ArchiveFile): void {
  const { data } = job;
  if (file.type === "upload") {
    const upload = data.uploads[file.uploadIndex]!;
    upload.missing = true;
    if (file.original) upload.originalArchivePath = null;
    else upload.archivePath = null;
    data.missingFiles.push({ what: file.original ? "uploadOriginal" : "upload", name: upload.originalName });
  } else if (file.type === "signed") {
    const signature = data.signatures[file.signatureIndex]!;
    signature.missing = true;
    signature.archivePath = null;
    data.missingFiles.push({ what: "signedDocument", name: file.entry.replace(/^signed-documents\//, "") });
  } else {
    const document = data.documents[file.documentIndex]!;
    document.missing = true;
    document.archivePath = null;
    data.missingFiles.push({ what: `document:${file.kind}`, name: `${document.requestCode} ${file.kind}` });
  }
}

/** Writes the archive; resolves with its size in bytes. On failure nothing is left at `target` or beside it. */
export async function writeArchive(job: ArchiveJob): Promise<number> {
  const part = `${job.target}.part`;
  // Loaded before the file is opened: the stream's errors must find their listener below.
  const { ZipArchive } = await import("archiver");
  const output = fs.createWriteStream(part, { flags: "wx", mode: 0o600 });
  const archive: ZipArchive = new ZipArchive({ zlib: { level: 6 } });
  let failure: Error | undefined;
  const failed = new Promise<never>((_resolve, reject) => {
    const fail = (error: Error) => {
      failure ??= error;
      reject(failure);
    };
    output.on("error", fail);
    archive.on("error", fail);
  });
  // Handled by whoever races it; this keeps an early failure from being unhandled meanwhile.
  failed.catch(() => {});
  const closed = new Promise<void>((resolve) => output.on("close", resolve));
  archive.pipe(output);

  const append = (source: Buffer | Readable | string, name: string, store: boolean) => {
    const written = new Promise<void>((resolve) => {
      const onEntry = (entry: { name: string }) => {
        if (entry.name !== name) return;
        archive.off("entry", onEntry);
        resolve();
      };
      archive.on("entry", onEntry);
    });
    archive.append(source, { name, date: new Date(job.data.generatedAt), store });
    return Promise.race([written, failed]);
  };

  try {
    let done = 0;
    for (const file of job.files) {
      if (failure) throw failure;
      const source =
        file.type !== "document" ? await openUpload(file.path) : file.bytes ? Buffer.from(file.bytes) : null;
      // Photos and PDFs are compressed already: stored as they are, no CPU spent for nothing.
      if (source) await append(source, file.entry, true);
      else markMissing(job, file);
      await job.onProgress(++done);
    }
    const { data } = job;
    await append(`${JSON.stringify(data, null, 2)}\n`, "data.json", false);
    await append(`${JSON.stringify(dataExportJsonSchema(), null, 2)}\n`, "schema.json", false);
    await append(`\uFEFF${readmeText(job.language, data)}`, "README.txt", false);
    await Promise.race([archive.finalize(), failed]);
    await Promise.race([closed, failed]);
    if (failure) throw failure;
    await fs.promises.rename(part, job.target);
    await job.onProgress(done + FIXED_ENTRIES);
    return (await fs.promises.stat(job.target)).size;
  } catch (error) {
    archive.abort();
    output.destroy();
    await closed.catch(() => {});
    await fs.promises.rm(part, { force: true }).catch(() => {});
    await fs.promises.rm(job.target, { force: true }).catch(() => {});
    throw error;
  }
}
