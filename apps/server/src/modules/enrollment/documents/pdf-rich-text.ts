import type { Block, Span } from "@portal/shared/school-documents";
import { spansText } from "@portal/shared/school-documents";
import type { FontName, PdfLayout } from "./pdf-layout.ts";

/*
 * The school's documents drawn from their parsed Markdown (packages/shared/src/school-documents.ts):
 * headings, paragraphs and lists, bold and italic within a line. Words are wrapped with the width
 * of their own font; a line's consecutive words of one font are drawn as one run.
 */

const fontOf = (span: Span): FontName => (span.bold ? "bold" : span.italic ? "italic" : "regular");

function wrapped(layout: PdfLayout, spans: Span[], width: number): { text: string; font: FontName }[][] {
  const words = spans.flatMap((span) =>
    span.text
      .split(/\s+/)
      .filter(Boolean)
      .map((text) => ({ text, font: fontOf(span) })),
  );
  const lines: { text: string; font: FontName }[][] = [];
  let line: { text: string; font: FontName }[] = [];
  let used = 0;
  for (const word of words) {
    const w = layout.measure(`${word.text} `, word.font);
    if (line.length > 0 && used + layout.measure(word.text, word.font) > width) {
      lines.push(line);
      line = [];
      used = 0;
    }
    line.push(word);
    used += w;
  }
  if (line.length > 0) lines.push(line);
  return lines;
}

function drawSpans(layout: PdfLayout, spans: Span[], indent: number, marker?: string): void {
  const lines = wrapped(layout, spans, layout.contentWidth - indent);
  lines.forEach((line, index) => {
    layout.ensureSpace(13);
    if (index === 0 && marker) layout.drawRun(marker, indent - 14, "bold");
    let x = indent;
    let run = "";
    let font: FontName | undefined;
    const flush = () => {
      if (run && font) {
        layout.drawRun(run, x, font);
        x += layout.measure(run, font);
      }
      run = "";
    };
    line.forEach((word, i) => {
      if (font !== word.font) {
        flush();
        font = word.font;
      }
      run += i < line.length - 1 ? `${word.text} ` : word.text;
    });
    flush();
    layout.nextLine();
  });
}

export function drawBlocks(layout: PdfLayout, blocks: Block[]): void {
  for (const block of blocks) {
    if (block.type === "heading") {
      if (block.level <= 2) layout.heading(spansText(block.spans));
      else layout.subheading(spansText(block.spans));
    } else if (block.type === "paragraph") {
      drawSpans(layout, block.spans, 0);
      layout.space(6);
    } else {
      block.items.forEach((item, index) => {
        drawSpans(layout, item, 22, block.ordered ? `${index + 1}.` : "•");
        layout.space(2);
      });
      layout.space(4);
    }
  }
}
