import { isMainThread } from "node:worker_threads";
import { afterAll, describe, expect, it } from "vitest";
import { minimalPdf } from "../../../../test/support/documents.ts";
import { pdfWithJavaScript } from "../../../../test/support/hostile-pdfs.ts";
import { cleanPdf } from "../../../lib/pdf-clean.ts";
import { cleanInWorker, closePdfPool, PDF_THREADS, renderInWorker, startPdfWorkers } from "../../../lib/pdf-pool.ts";
import type { DocumentsSource } from "./document-source.ts";

afterAll(() => closePdfPool());

describe("the PDF worker pool", () => {
  it("cleans an upload in a worker thread exactly as in this thread", async () => {
    expect(isMainThread).toBe(true);
    const hostile = await pdfWithJavaScript();
    const inWorker = await cleanInWorker(hostile);
    expect(inWorker).toBeDefined();
    expect(Buffer.from(inWorker!).equals((await cleanPdf(hostile))!)).toBe(true);
  });

  it("answers undefined for what is not a PDF, and keeps serving after it", async () => {
    expect(await cleanInWorker(Buffer.from("not a pdf"))).toBeUndefined();
    expect(await cleanInWorker(minimalPdf())).toBeDefined();
  });

  it("rebuilds an upload while a drawing holds its thread (an upload never waits for one)", async () => {
    // As the server does before it listens.
    await startPdfWorkers((error) => {
      throw error;
    });
    // A draft with nothing filled in still draws a summary of a few hundred milliseconds.
    const source = {
      fileId: 1,
      familyUserId: 1,
      status: "draft",
      studentName: "Ana Loor",
      studentDocument: "0102030405",
      levelCode: null,
      schoolYearLabel: "2026-2027",
      isNewStudent: true,
      request: null,
      steps: {},
      consents: new Map(),
      uploads: new Map(),
      labels: new Map(),
      school: { name: "Escuela", accent: "#1c7ed6" },
      constants: {},
    } as unknown as DocumentsSource;
    // The drawing thread loaded and idle, so the next drawing takes it at once.
    await renderInWorker({ source, kind: "summary", language: "es" });
    const hostile = await pdfWithJavaScript();
    const finished: string[] = [];
    // Enough drawings queued that every drawing thread stays busy well past one upload's cleaning,
    // however fast a single drawing is on this machine: had the upload joined their queue, it
    // would end after them.
    const drawings = Promise.all(
      Array.from({ length: 4 * PDF_THREADS }, () => renderInWorker({ source, kind: "summary", language: "es" })),
    ).then(() => finished.push("drawings"));
    const upload = cleanInWorker(hostile).then(() => finished.push("upload"));
    await Promise.all([drawings, upload]);
    expect(finished).toEqual(["upload", "drawings"]);
  });
});
