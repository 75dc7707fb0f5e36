import { parentPort, workerData } from "node:worker_threads";
import { type ArchiveJob, writeArchive } from "../modules/data-export/data-export-archive.ts";

/*
 * The "My data" archive's thread (docs/data-protection.md "Off the event loop"): one thread per
 * archive, started by data-export-zip.ts, that loads archiver (a fraction of a second of module
 * loading that blocked the main thread on the first archive), reads the uploads, compresses and
 * writes the ZIP, telling the main thread each entry written. Ends with `done` (the size) or
 * `failed` (the error's code, so a full disk is told apart).
 */

export type ZipMessage =
  | { type: "progress"; done: number }
  | { type: "done"; size: number }
  | { type: "failed"; code: string | null; message: string };

const post = (message: ZipMessage) => parentPort?.postMessage(message);
const job = workerData as Omit<ArchiveJob, "onProgress">;

writeArchive({ ...job, onProgress: async (done) => post({ type: "progress", done }) }).then(
  (size) => post({ type: "done", size }),
  (error: unknown) => {
    const code = (error as { code?: unknown } | undefined)?.code;
    post({ type: "failed", code: typeof code === "string" ? code : null, message: String(error) });
  },
);
