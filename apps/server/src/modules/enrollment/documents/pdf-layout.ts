import { PDFDocument, type PDFFont, type PDFPage, type RGB, rgb, StandardFonts } from "pdf-lib";

/**
 * A small flowing layout on top of pdf-lib for the enrollment documents: title, headings,
 * label/value rows, wrapped paragraphs, notices and signature lines, with automatic page breaks;
 * the header (school name) and footer (note, "page n of N") are drawn on every page at the end.
 *
 * The standard Helvetica fonts use WinAnsi encoding, which covers Spanish and French; any other
 * character (emoji, other scripts) is simplified (é → e) or replaced by "?" instead of failing.
 */

/** A4 in points. */
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { top: 70, bottom: 62, left: 56, right: 56 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const LINE = 1.32;
const BODY_SIZE = 9.5;
const LABEL_SHARE = 0.38;
const TEXT = rgb(0.13, 0.13, 0.13);
const MUTED = rgb(0.4, 0.4, 0.4);
const RULE = rgb(0.75, 0.75, 0.75);
const NOTICE_BG = rgb(0.95, 0.96, 0.98);

export type FontName = "regular" | "bold" | "italic";

export interface LayoutOptions {
  /** Document metadata. */
  title: string;
  author: string;
  subject?: string;
  /** BCP 47 tag for the document (es-EC, en-US, fr-FR). */
  locale: string;
  /** Colour of headings and rules, `#rrggbb` (the school's primary colour). */
  accent?: string;
  /** Printed top left of every page. */
  headerLeft: string;
  /** Printed top right of every page. */
  headerRight?: string;
  /** Printed bottom left of every page. */
  footerNote?: string;
  /** The bottom-right page label, e.g. "Page 2 of 5". */
  pageLabel: (page: number, total: number) => string;
}

function hexColor(hex: string | undefined): RGB {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex ?? "");
  if (!match) return rgb(0.23, 0.6, 0.88);
  const [r, g, b] = [1, 2, 3].map((i) => Number.parseInt(match[i] ?? "0", 16) / 255) as [number, number, number];
  // A very light brand colour is unreadable as text on white: darken it to a readable luminance.
  const luminance = 0.3 * r + 0.59 * g + 0.11 * b;
  const scale = luminance > 0.55 ? 0.55 / luminance : 1;
  return rgb(r * scale, g * scale, b * scale);
}

/** Keeps what WinAnsi can show; simplifies the rest (NFKD without marks) or replaces it by "?". */
export function toWinAnsi(text: string, supported: ReadonlySet<number>): string {
  let out = "";
  for (const ch of text.replace(/\r\n?/g, "\n")) {
    if (ch === "\n") out += ch;
    else if (ch === "\t") out += " ";
    // French typography's narrow no-break space: WinAnsi's no-break space keeps the mark
    // with its word, where NFKD would turn it into a space a line could break at.
    else if (ch === "\u202f" && supported.has(0xa0)) out += "\u00a0";
    else if (supported.has(ch.codePointAt(0) ?? 0)) out += ch;
    else {
      const simple = ch.normalize("NFKD").replace(/\p{M}/gu, "");
      out += simple && [...simple].every((c) => supported.has(c.codePointAt(0) ?? 0)) ? simple : "?";
    }
  }
  return out;
}

export class PdfLayout {
  private page!: PDFPage;
  /** Top of the next line, in points from the bottom of the page. */
  private y = 0;
  private readonly accent: RGB;

  private constructor(
    readonly doc: PDFDocument,
    private readonly fonts: Record<FontName, PDFFont>,
    private readonly supported: ReadonlySet<number>,
    private readonly opts: LayoutOptions,
  ) {
    this.accent = hexColor(opts.accent);
  }

  static async create(opts: LayoutOptions): Promise<PdfLayout> {
    const doc = await PDFDocument.create();
    const fonts = {
      regular: await doc.embedFont(StandardFonts.Helvetica),
      bold: await doc.embedFont(StandardFonts.HelveticaBold),
      italic: await doc.embedFont(StandardFonts.HelveticaOblique),
    };
    const now = new Date();
    doc.setTitle(opts.title, { showInWindowTitleBar: true });
    doc.setAuthor(opts.author);
    if (opts.subject) doc.setSubject(opts.subject);
    doc.setLanguage(opts.locale);
    doc.setCreator(opts.author);
    doc.setProducer("School portal (pdf-lib)");
    doc.setCreationDate(now);
    doc.setModificationDate(now);
    const layout = new PdfLayout(doc, fonts, new Set(fonts.regular.getCharacterSet()), opts);
    layout.newPage();
    return layout;
  }

  /** Text as the fonts can draw it. */
  clean(text: string): string {
    return toWinAnsi(text, this.supported);
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN.top;
  }

  /** Starts a new page unless the current one is still empty. */
  freshPage(): void {
    if (this.y < PAGE.height - MARGIN.top) this.newPage();
  }

  private room(): number {
    return this.y - MARGIN.bottom;
  }

  /** Breaks the page when less than `height` points are left. */
  ensureSpace(height: number): void {
    if (height > this.room()) this.newPage();
  }

  space(points: number): void {
    if (points >= this.room()) this.newPage();
    else this.y -= points;
  }

  /** Wraps cleaned text to `width`; explicit line breaks are kept, over-long words are cut. */
  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    const fits = (value: string) => font.widthOfTextAtSize(value, size) <= width;
    for (const paragraph of this.clean(text).split("\n")) {
      let line = "";
      for (const word of paragraph.split(/ +/)) {
        const candidate = line ? `${line} ${word}` : word;
        if (fits(candidate)) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        let rest = word;
        while (!fits(rest) && rest.length > 1) {
          // The longest prefix that fits (at least one character), by bisection.
          let [low, high] = [1, rest.length - 1];
          while (low < high) {
            const middle = Math.ceil((low + high) / 2);
            if (fits(rest.slice(0, middle))) low = middle;
            else high = middle - 1;
          }
          lines.push(rest.slice(0, low));
          rest = rest.slice(low);
        }
        line = rest;
      }
      lines.push(line);
    }
    return lines;
  }

  private drawLine(text: string, x: number, size: number, font: FontName, color: RGB = TEXT): void {
    if (text) this.page.drawText(text, { x, y: this.y - size, size, font: this.fonts[font], color });
  }

  /** Primitives for pdf-rich-text.ts: a run's width, a run drawn at x on the current line, the next line. */
  measure(text: string, font: FontName, size = BODY_SIZE): number {
    return this.fonts[font].widthOfTextAtSize(this.clean(text), size);
  }
  drawRun(text: string, x: number, font: FontName, size = BODY_SIZE): void {
    this.drawLine(this.clean(text), MARGIN.left + x, size, font);
  }
  nextLine(size = BODY_SIZE): void {
    this.y -= size * LINE;
  }
  readonly contentWidth = CONTENT_WIDTH;

  /** Wrapped text, breaking pages between lines. */
  paragraph(
    text: string,
    opts: {
      font?: FontName;
      size?: number;
      indent?: number;
      color?: RGB;
      after?: number;
      align?: "left" | "center";
    } = {},
  ): void {
    const size = opts.size ?? BODY_SIZE;
    const indent = opts.indent ?? 0;
    const font = opts.font ?? "regular";
    const width = CONTENT_WIDTH - indent;
    for (const line of this.wrap(text, this.fonts[font], size, width)) {
      this.ensureSpace(size * LINE);
      const x =
        opts.align === "center"
          ? MARGIN.left + (CONTENT_WIDTH - this.fonts[font].widthOfTextAtSize(line, size)) / 2
          : MARGIN.left + indent;
      this.drawLine(line, x, size, font, opts.color);
      this.y -= size * LINE;
    }
    this.space(opts.after ?? 4);
  }

  title(text: string): void {
    this.paragraph(text, { font: "bold", size: 17, color: this.accent, after: 2 });
  }

  subtitle(text: string): void {
    this.paragraph(text, { size: 10.5, color: MUTED, after: 10 });
  }

  /** A section heading with a rule under it, kept with at least a few lines of what follows. */
  heading(text: string): void {
    const size = 12;
    this.ensureSpace(size * LINE + 10 + BODY_SIZE * LINE * 3);
    this.space(8);
    this.paragraph(text, { font: "bold", size, color: this.accent, after: 0 });
    this.page.drawLine({
      start: { x: MARGIN.left, y: this.y + 1 },
      end: { x: PAGE.width - MARGIN.right, y: this.y + 1 },
      thickness: 0.8,
      color: this.accent,
    });
    this.space(6);
  }

  subheading(text: string): void {
    this.ensureSpace(10.5 * LINE + 4 + BODY_SIZE * LINE * 2);
    this.space(4);
    this.paragraph(text, { font: "bold", size: 10.5, after: 2 });
  }

  /** A label and its value side by side, both wrapped; a thin rule separates rows. */
  row(label: string, value: string): void {
    const size = BODY_SIZE;
    const gap = 10;
    const labelWidth = CONTENT_WIDTH * LABEL_SHARE - gap;
    const valueX = MARGIN.left + CONTENT_WIDTH * LABEL_SHARE;
    const labels = this.wrap(label, this.fonts.bold, size, labelWidth);
    const values = this.wrap(value || "—", this.fonts.regular, size, CONTENT_WIDTH * (1 - LABEL_SHARE));
    const count = Math.max(labels.length, values.length);
    this.ensureSpace(Math.min(count, 3) * size * LINE + 3);
    for (let i = 0; i < count; i++) {
      this.ensureSpace(size * LINE);
      this.drawLine(labels[i] ?? "", MARGIN.left, size, "bold", MUTED);
      this.drawLine(values[i] ?? "", valueX, size, "regular");
      this.y -= size * LINE;
    }
    this.page.drawLine({
      start: { x: MARGIN.left, y: this.y + 1 },
      end: { x: PAGE.width - MARGIN.right, y: this.y + 1 },
      thickness: 0.3,
      color: RULE,
    });
    this.space(3);
  }

  bullet(text: string, opts: { indent?: number } = {}): void {
    const indent = opts.indent ?? 0;
    const size = BODY_SIZE;
    const lines = this.wrap(text, this.fonts.regular, size, CONTENT_WIDTH - indent - 12);
    lines.forEach((line, index) => {
      this.ensureSpace(size * LINE);
      if (index === 0) this.drawLine("•", MARGIN.left + indent, size, "bold");
      this.drawLine(line, MARGIN.left + indent + 12, size, "regular");
      this.y -= size * LINE;
    });
    this.space(2);
  }

  /** Text in a tinted box with an accent bar, kept on one page. */
  notice(lines: string[], opts: { title?: string } = {}): void {
    const size = BODY_SIZE;
    const pad = 8;
    const width = CONTENT_WIDTH - 2 * pad - 4;
    const wrapped = [
      ...(opts.title ? this.wrap(opts.title, this.fonts.bold, size, width).map((l) => ({ l, bold: true })) : []),
      ...lines.flatMap((line) => this.wrap(line, this.fonts.regular, size, width).map((l) => ({ l, bold: false }))),
    ];
    const height = wrapped.length * size * LINE + 2 * pad;
    this.ensureSpace(height + 6);
    this.page.drawRectangle({
      x: MARGIN.left,
      y: this.y - height,
      width: CONTENT_WIDTH,
      height,
      color: NOTICE_BG,
    });
    this.page.drawRectangle({ x: MARGIN.left, y: this.y - height, width: 3, height, color: this.accent });
    this.y -= pad;
    for (const { l, bold } of wrapped) {
      this.drawLine(l, MARGIN.left + pad + 4, size, bold ? "bold" : "regular");
      this.y -= size * LINE;
    }
    this.y -= pad;
    this.space(8);
  }

  /** Signature blocks, two per line: a blank space, a line, then the name and caption under it. */
  signatures(blocks: { name: string; caption: string }[]): void {
    const columnWidth = (CONTENT_WIDTH - 30) / 2;
    for (let i = 0; i < blocks.length; i += 2) {
      const pair = blocks.slice(i, i + 2);
      const captionLines = pair.map((block) => [
        ...this.wrap(block.name, this.fonts.bold, BODY_SIZE, columnWidth),
        ...this.wrap(block.caption, this.fonts.regular, 8.5, columnWidth),
      ]);
      const height = 38 + Math.max(...captionLines.map((lines) => lines.length)) * BODY_SIZE * LINE;
      this.ensureSpace(height + 8);
      const lineY = this.y - 34;
      pair.forEach((block, column) => {
        const x = MARGIN.left + column * (columnWidth + 30);
        this.page.drawLine({
          start: { x, y: lineY },
          end: { x: x + columnWidth, y: lineY },
          thickness: 0.7,
          color: TEXT,
        });
        let y = lineY - 4;
        for (const line of this.wrap(block.name, this.fonts.bold, BODY_SIZE, columnWidth)) {
          this.page.drawText(line, { x, y: y - BODY_SIZE, size: BODY_SIZE, font: this.fonts.bold, color: TEXT });
          y -= BODY_SIZE * LINE;
        }
        for (const line of this.wrap(block.caption, this.fonts.regular, 8.5, columnWidth)) {
          this.page.drawText(line, { x, y: y - 8.5, size: 8.5, font: this.fonts.regular, color: MUTED });
          y -= 8.5 * LINE;
        }
      });
      this.y -= height;
      this.space(8);
    }
  }

  /** An empty framed area with a caption (the notary's stamp and signature). */
  box(caption: string, height = 80): void {
    this.ensureSpace(height + 10.5 * LINE + 10);
    this.paragraph(caption, { font: "italic", size: 8.5, color: MUTED, after: 2 });
    this.page.drawRectangle({
      x: MARGIN.left,
      y: this.y - height,
      width: CONTENT_WIDTH,
      height,
      borderColor: RULE,
      borderWidth: 0.8,
    });
    this.space(height + 8);
  }

  /** Draws every page's header and footer and returns the PDF's bytes. */
  async save(): Promise<Uint8Array> {
    const pages = this.doc.getPages();
    const headerY = PAGE.height - 38;
    const footerY = 30;
    const half = CONTENT_WIDTH / 2 - 10;
    const fit = (text: string, font: PDFFont, size: number, width: number) => {
      let value = this.clean(text);
      while (value.length > 1 && font.widthOfTextAtSize(value, size) > width) value = `${value.slice(0, -2)}…`;
      return value;
    };
    pages.forEach((page, index) => {
      const left = fit(this.opts.headerLeft, this.fonts.bold, 9, half);
      page.drawText(left, { x: MARGIN.left, y: headerY, size: 9, font: this.fonts.bold, color: this.accent });
      if (this.opts.headerRight) {
        const right = fit(this.opts.headerRight, this.fonts.regular, 8.5, half);
        const width = this.fonts.regular.widthOfTextAtSize(right, 8.5);
        page.drawText(right, {
          x: PAGE.width - MARGIN.right - width,
          y: headerY,
          size: 8.5,
          font: this.fonts.regular,
          color: MUTED,
        });
      }
      page.drawLine({
        start: { x: MARGIN.left, y: headerY - 6 },
        end: { x: PAGE.width - MARGIN.right, y: headerY - 6 },
        thickness: 0.5,
        color: RULE,
      });
      page.drawLine({
        start: { x: MARGIN.left, y: footerY + 12 },
        end: { x: PAGE.width - MARGIN.right, y: footerY + 12 },
        thickness: 0.5,
        color: RULE,
      });
      const label = fit(this.opts.pageLabel(index + 1, pages.length), this.fonts.regular, 8.5, 120);
      const labelWidth = this.fonts.regular.widthOfTextAtSize(label, 8.5);
      page.drawText(label, {
        x: PAGE.width - MARGIN.right - labelWidth,
        y: footerY,
        size: 8.5,
        font: this.fonts.regular,
        color: MUTED,
      });
      if (this.opts.footerNote) {
        const note = fit(this.opts.footerNote, this.fonts.italic, 8, CONTENT_WIDTH - 140);
        page.drawText(note, { x: MARGIN.left, y: footerY, size: 8, font: this.fonts.italic, color: MUTED });
      }
    });
    return this.doc.save();
  }
}
