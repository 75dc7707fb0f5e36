import { isMainThread } from "node:worker_threads";
import { afterAll, describe, expect, it } from "vitest";
import { minimalPdf } from "../../test/support/documents.ts";
import { pdfWithJavaScript } from "../../test/support/hostile-pdfs.ts";
import { cleanPdf } from "./pdf-clean.ts";
import { cleanInWorker, closePdfPool } from "./pdf-pool.ts";

afterAll(() => closePdfPool());

describe("the PDF worker pool (issue #13)", () => {
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
});
