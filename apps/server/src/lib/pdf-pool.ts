import os from "node:os";
import { Piscina } from "piscina";
import type { RenderTask } from "../workers/pdf-tasks.ts";
import { PdfTaskQueue } from "./pdf-task-queue.ts";

/*
 * Worker threads for the PDF work (issue #13): one per core but one, at least one, at most four,
 * so the main thread keeps a core for requests. Threads start on first use and stop after a
 * minute idle (each holds pdf-lib and the translations, tens of MB).
 */

// The compiled server (apps/server/build.mjs, what `npm start` runs) has the worker's bundle beside
// it; under tsx (tests, `npm run dev`) the small .mjs entry registers tsx for its thread.
const WORKER = import.meta.url.endsWith(".ts")
  ? new URL("../workers/pdf.worker.mjs", import.meta.url).href
  : new URL("./pdf.worker.mjs", import.meta.url).href;
export const PDF_THREADS = Math.max(1, Math.min(4, os.availableParallelism() - 1));

let pool: Piscina | undefined;

function pdfPool(): Piscina {
  pool ??= new Piscina({
    filename: WORKER,
    minThreads: 0,
    maxThreads: PDF_THREADS,
    idleTimeout: 60_000,
    // Uploads, then downloads, then e-mail attachments (pdf-task-queue.ts).
    taskQueue: new PdfTaskQueue(),
    // Not the main thread's flags: under tsx, `--import tsx` would run before the entry registers its own.
    execArgv: [],
    // V8 sizes a thread's young generation for throughput; drawing leaves much short-lived
    // garbage, and the thread's heap swelled past 130 MB on opening day. With 16 MB it stayed under
    // 100 MB: peak RSS 365–428 → 329–379 MB for ≈ 10 % fewer summaries a second (docs/decisions.md).
    resourceLimits: { maxYoungGenerationSizeMb: 16 },
  });
  return pool;
}

/**
 * Draws an enrollment document in a worker thread; `background` (the e-mails' attachments) waits
 * behind what someone is waiting for.
 */
export async function renderInWorker(task: RenderTask, opts: { background?: boolean } = {}): Promise<Uint8Array> {
  return pdfPool().run(task, { name: opts.background ? "renderInBackground" : "render" });
}

/** Rebuilds an uploaded PDF without active content in a worker thread; undefined when unreadable. */
export async function cleanInWorker(bytes: Uint8Array): Promise<Uint8Array | undefined> {
  return pdfPool().run({ bytes }, { name: "cleanUpload" });
}

/** Stops the threads (server shutdown, end of a test file). */
export async function closePdfPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
