import { PDFDocument } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { minimalPdf } from "../../test/support/documents.ts";
import { activeParts, HOSTILE_PDFS, linkTargets, VISIBLE_TEXT } from "../../test/support/hostile-pdfs.ts";
import { flat, readPdfText } from "../../test/support/pdf-text.ts";
import { cleanPdf } from "./pdf-clean.ts";
import { closePdfPool } from "./pdf-pool.ts";
import { storablePdf } from "./storable-pdf.ts";

afterAll(() => closePdfPool());

describe("cleanPdf", () => {
  for (const [what, make] of HOSTILE_PDFS) {
    it(`removes ${what}, keeping the pages`, async () => {
      const hostile = await make();
      // The fixture really is hostile: the reader finds its active parts before cleaning.
      expect(await activeParts(hostile)).not.toEqual([]);
      const cleaned = await cleanPdf(hostile);
      if (!cleaned) throw new Error("refused a readable PDF");
      expect(await activeParts(cleaned)).toEqual([]);
      const before = await PDFDocument.load(hostile);
      const after = await PDFDocument.load(cleaned);
      expect(after.getPageCount()).toBe(before.getPageCount());
      expect(after.getPage(0).getSize()).toEqual(before.getPage(0).getSize());
    });
  }

  it("keeps the visible text and http(s) links", async () => {
    const [, make] = HOSTILE_PDFS[1]!;
    const cleaned = await cleanPdf(await make());
    if (!cleaned) throw new Error("refused a readable PDF");
    expect(flat((await readPdfText(cleaned)).text)).toContain(VISIBLE_TEXT);
    expect(linkTargets(await PDFDocument.load(cleaned))).toEqual(["https://school.example/info"]);
  });

  it("drops the metadata a family's software wrote (author, producer)", async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    doc.setAuthor("Jane Family");
    doc.setProducer("Scanner 3000");
    const cleaned = await cleanPdf(Buffer.from(await doc.save()));
    if (!cleaned) throw new Error("refused a readable PDF");
    const after = await PDFDocument.load(cleaned, { updateMetadata: false });
    expect(after.getAuthor()).toBeUndefined();
    expect(after.getProducer()).toBeUndefined();
  });

  it("refuses what is not a PDF with a page", async () => {
    await expect(cleanPdf(Buffer.from("%PDF-1.4\n<html>not a pdf</html>"))).resolves.toBeUndefined();
    await expect(cleanPdf(Buffer.from("hello"))).resolves.toBeUndefined();
    await expect(storablePdf(Buffer.from("<html>%PDF-1.4</html>"))).rejects.toMatchObject({ code: "UPLOAD_NOT_PDF" });
    await expect(storablePdf(minimalPdf())).resolves.toBeInstanceOf(Buffer);
  });
});
