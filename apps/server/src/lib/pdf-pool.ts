import os from "node:os";
import { Piscina } from "piscina";
import type { RenderTask, SignedTask } from "../workers/pdf-tasks.ts";
import type { SealInput } from "./pdf-seal.ts";
import { PdfTaskQueue } from "./pdf-task-queue.ts";
import type { Pkcs12Inspection } from "./pkcs12.ts";

/*
 * Worker threads for the PDF work, in two pools so that an upload never waits for a
 * drawing (docs/adr/0005-pdf-worker-pools.md "Decision"). Each keeps one thread from the
 * server's start (startPdfWorkers), warmed by one task, since a family waits on both: a thread's
 * first drawing took seconds. More threads start while work queues and stop after a minute idle.
 * - drawing the enrollment documents: one thread per core but one, at least one, at most four, so
 *   the main thread keeps a core for requests (each holds pdf-lib, the fonts and the translations);
 * - rebuilding uploaded PDFs: a small entry with pdf-lib alone;
 * - the school's seal (and opening an uploaded certificate): node-forge and @signpdf, in one thread
 *   started on the first seal and stopped after a minute idle, so no other thread holds them.
 */

/**
 * The compiled server (apps/server/build.mjs, what `npm start` runs) has each worker's bundle beside
 * it; under tsx (tests, `npm run dev`) a small .mjs entry registers tsx for its thread.
 */
const workerEntry = (name: string) =>
  import.meta.url.endsWith(".ts")
    ? new URL(`../workers/${name}.mjs`, import.meta.url).href
    : new URL(`./${name}.mjs`, import.meta.url).href;

export const PDF_THREADS = Math.max(1, Math.min(4, os.availableParallelism() - 1));

let drawing: Piscina | undefined;
let cleaning: Piscina | undefined;
let sealing: Piscina | undefined;

function drawingPool(): Piscina {
  drawing ??= new Piscina({
    filename: workerEntry("pdf.worker"),
    minThreads: 1,
    maxThreads: PDF_THREADS,
    idleTimeout: 60_000,
    // Downloads, then e-mail attachments (pdf-task-queue.ts).
    taskQueue: new PdfTaskQueue(),
    // Not the main thread's flags: under tsx, `--import tsx` would run before the entry registers its own.
    execArgv: [],
    // V8 sizes a thread's young generation for throughput; drawing leaves much short-lived
    // garbage, and the thread's heap swelled past 130 MB on opening day. With 16 MB it stayed under
    // 100 MB: peak RSS 365–428 → 329–379 MB for ≈ 10 % fewer summaries a second (docs/adr/0005-pdf-worker-pools.md).
    resourceLimits: { maxYoungGenerationSizeMb: 16 },
  });
  return drawing;
}

function cleaningPool(): Piscina {
  cleaning ??= new Piscina({
    filename: workerEntry("pdf-clean.worker"),
    minThreads: 1,
    maxThreads: PDF_THREADS,
    idleTimeout: 60_000,
    execArgv: [],
    resourceLimits: { maxYoungGenerationSizeMb: 16 },
  });
  return cleaning;
}

function sealingPool(): Piscina {
  sealing ??= new Piscina({
    filename: workerEntry("seal.worker"),
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
    execArgv: [],
  });
  return sealing;
}

/**
 * Starts both pools' first thread, each warmed by one task (server.ts, before it listens). Waits
 * for the cleaning thread (a fraction of a second); the drawing thread warms meanwhile, since no
 * one sends a file in the server's first seconds, and a failure there is reported to `onDrawingError`.
 */
export async function startPdfWorkers(onDrawingError: (error: unknown) => void): Promise<void> {
  const pool = drawingPool();
  // Stopping the server during the warm-up ends it too: not a failure.
  pool.run(undefined, { name: "warmUp" }).catch((error: unknown) => {
    if (drawing === pool) onDrawingError(error);
  });
  await cleaningPool().run(undefined, { name: "warmUp" });
}

/**
 * Draws an enrollment document in a worker thread; `background` (the e-mails' attachments) waits
 * behind what someone is waiting for.
 */
export async function renderInWorker(task: RenderTask, opts: { background?: boolean } = {}): Promise<Uint8Array> {
  return drawingPool().run(task, { name: opts.background ? "renderInBackground" : "render" });
}

/**
 * Seals a final signed PDF with the school's certificate in the seal's thread (lib/pdf-seal.ts);
 * rejects with a Pkcs12Error when the stored certificate no longer opens.
 */
export async function sealInWorker(input: SealInput): Promise<Uint8Array> {
  return sealingPool().run(input, { name: "seal" });
}

/** Opens an uploaded PKCS#12 with its password in the seal's thread: what it holds, or what is wrong. */
export async function inspectCertificateInWorker(pkcs12: Uint8Array, password: string): Promise<Pkcs12Inspection> {
  return sealingPool().run({ pkcs12, password }, { name: "inspectCertificate" });
}

/** Draws a final signed PDF in a drawing thread, never on the main thread (docs/rules/documents.md "Signing online"). */
export async function drawSignedInWorker(input: SignedTask): Promise<Uint8Array> {
  return drawingPool().run(input, { name: "drawSigned" });
}

/** Rebuilds an uploaded PDF without active content in a worker thread; undefined when unreadable. */
export async function cleanInWorker(bytes: Uint8Array): Promise<Uint8Array | undefined> {
  return cleaningPool().run(bytes, { name: "cleanUpload" });
}

/** Stops the threads (server shutdown, end of a test file). */
export async function closePdfPool(): Promise<void> {
  const closing = [drawing, cleaning, sealing];
  drawing = undefined;
  cleaning = undefined;
  sealing = undefined;
  await Promise.all(closing.map((pool) => pool?.destroy()));
}
