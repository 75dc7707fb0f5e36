import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { PdfLayout, toWinAnsi } from "./pdf-layout.ts";

const LATIN_1 = new Set([...Array(256).keys()].filter((code) => code >= 32 && code !== 127));

describe("toWinAnsi", () => {
  it("draws French typography's narrow no-break space as WinAnsi's no-break space", () => {
    expect(toWinAnsi("Statut\u202f: acceptée", new Set(LATIN_1))).toBe("Statut\u00a0: acceptée");
  });

  it("keeps Spanish and French, simplifies other accents and replaces what it cannot show", () => {
    expect(toWinAnsi("Ñandú, élève, cœur", new Set([...LATIN_1, 0x153]))).toBe("Ñandú, élève, cœur");
    expect(toWinAnsi("Łódź ș", LATIN_1)).toBe("?ódz s");
    expect(toWinAnsi("a😀b\tc\r\nd\u0000", LATIN_1)).toBe("a?b c\nd?");
  });
});

describe("PdfLayout", () => {
  it("flows long content over pages, numbers them and survives any character", async () => {
    const layout = await PdfLayout.create({
      title: "Résumé – 学生 😀",
      author: "Colegio Demo Bilingüe",
      locale: "es-EC",
      headerLeft: "Colegio Demo Bilingüe",
      headerRight: "INS-1-000001",
      footerNote: "Imprima por una sola cara.",
      pageLabel: (page, total) => `Página ${page} de ${total}`,
    });
    layout.title("Resumen de inscripción");
    for (let i = 0; i < 60; i++) {
      layout.heading(`Sección ${i}`);
      layout.row("Nombre 名前 😀", `${"Ana Lucía ".repeat(20)}Łódź`);
      layout.paragraph("x".repeat(500));
    }
    layout.signatures([
      { name: "Sra. Carmen Loor", caption: "Representante legal 1" },
      { name: "Sr. Jorge Pérez", caption: "Representante legal 2" },
    ]);
    layout.box("Notario");
    const pdf = await PDFDocument.load(await layout.save());
    expect(pdf.getPageCount()).toBeGreaterThan(5);
    expect(pdf.getTitle()).toBe("Résumé – 学生 😀");
    expect(pdf.getAuthor()).toBe("Colegio Demo Bilingüe");
  });
});
