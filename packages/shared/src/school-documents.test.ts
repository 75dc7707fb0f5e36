import { describe, expect, it } from "vitest";
import { fillBlocks, parseDocumentText, spansText, unknownFields } from "./school-documents.ts";

describe("the school documents' Markdown", () => {
  it("reads headings, paragraphs, bold, italic and both kinds of list; never HTML", () => {
    const blocks = parseDocumentText(
      "# Contrato\n\nPrimera línea\nsigue **aquí** y *allá*.\n\n- uno\n- dos\n1. a\n2. b\n\n<b>x</b>",
    );
    expect(blocks.map((b) => b.type)).toEqual(["heading", "paragraph", "list", "list", "paragraph"]);
    expect(blocks[1]).toEqual({
      type: "paragraph",
      spans: [
        { text: "Primera línea sigue ", bold: false, italic: false },
        { text: "aquí", bold: true, italic: false },
        { text: " y ", bold: false, italic: false },
        { text: "allá", bold: false, italic: true },
        { text: ".", bold: false, italic: false },
      ],
    });
    expect(blocks[2]).toMatchObject({ ordered: false, items: [[{ text: "uno" }], [{ text: "dos" }]] });
    expect(blocks[3]).toMatchObject({ ordered: true });
    // Typed HTML stays text: each side draws spans, never markup.
    expect(blocks[4]).toMatchObject({ spans: [{ text: "<b>x</b>" }] });
  });

  it("names the fields it cannot fill and stray braces", () => {
    expect(unknownFields("{{studentName}} {{ schoolYear }}")).toEqual([]);
    expect(unknownFields("{{alumno}} y {{studentName}} {{")).toEqual(["{{alumno}}", "{{"]);
    expect(unknownFields("fin }}")).toEqual(["}}"]);
  });

  it("fills values as text, leaves out blocks whose fields are all empty, expands the payment details", () => {
    const blocks = parseDocumentText(
      "Hola **{{studentName}}**\n\n- {{representative1Name}}\n- {{representative2Name}}\n\n{{paymentDetails}}\n\nSolo {{fees}}",
    );
    const filled = fillBlocks(blocks, {
      studentName: "*Ana*",
      representative1Name: "Luis",
      paymentLines: ["Pago: Luis"],
    });
    expect(filled.map((b) => (b.type === "list" ? b.items.map(spansText) : spansText(b.spans)))).toEqual([
      "Hola *Ana*",
      ["Luis"],
      ["Pago: Luis"],
    ]);
    expect(JSON.stringify(filled)).not.toMatch(/\{\{|\}\}/);
  });
});
