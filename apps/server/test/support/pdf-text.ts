import zlib from "node:zlib";
import { PDFArray, PDFDocument, PDFName, type PDFObject, PDFRawStream } from "pdf-lib";

// Reads back the visible text of the PDFs the server draws with pdf-lib: each page's content
// streams are inflated (zlib) and the operands of the text-showing operators decoded. pdf-lib
// writes standard-font text as hex strings in WinAnsi (Windows-1252), one `Tj` per line.

/** Windows-1252 characters in 0x80–0x9F, where it differs from Latin-1. */
const CP1252: Record<number, string> = {
  128: "€",
  130: "‚",
  131: "ƒ",
  132: "„",
  133: "…",
  134: "†",
  135: "‡",
  136: "ˆ",
  137: "‰",
  138: "Š",
  139: "‹",
  140: "Œ",
  142: "Ž",
  145: "‘",
  146: "’",
  147: "“",
  148: "”",
  149: "•",
  150: "–",
  151: "—",
  152: "˜",
  153: "™",
  154: "š",
  155: "›",
  156: "œ",
  158: "ž",
  159: "Ÿ",
};

function winAnsi(bytes: Buffer): string {
  return [...bytes].map((byte) => CP1252[byte] ?? String.fromCharCode(byte)).join("");
}

/** A literal string's bytes: `(a\(b\) \351)` → the bytes of "a(b) é". */
function literalBytes(body: string): Buffer {
  const out: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const ch = body[i] ?? "";
    if (ch !== "\\") {
      out.push(ch.charCodeAt(0));
      continue;
    }
    const next = body[++i] ?? "";
    const octal = /^[0-7]{1,3}/.exec(body.slice(i))?.[0];
    if (octal) {
      out.push(Number.parseInt(octal, 8));
      i += octal.length - 1;
    } else {
      out.push(({ n: 10, r: 13, t: 9, b: 8, f: 12 } as Record<string, number>)[next] ?? next.charCodeAt(0));
    }
  }
  return Buffer.from(out);
}

function streamBytes(stream: PDFRawStream): Buffer {
  const filter = stream.dict.get(PDFName.of("Filter"));
  const raw = Buffer.from(stream.contents);
  return filter?.toString() === "/FlateDecode" ? zlib.inflateSync(raw) : raw;
}

/** The text each `Tj` / `TJ` of a content stream shows, in drawing order. */
export function textOfContentStream(content: string): string[] {
  const shown: string[] = [];
  const string = /<([0-9A-Fa-f\s]*)>|\(((?:\\.|[^\\)])*)\)/g;
  for (const op of content.matchAll(/(\[(?:[^\]]*)\]|<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\))\s*(Tj|TJ)/g)) {
    let line = "";
    for (const piece of (op[1] ?? "").matchAll(string)) {
      const bytes =
        piece[1] !== undefined ? Buffer.from(piece[1].replace(/\s/g, ""), "hex") : literalBytes(piece[2] ?? "");
      line += winAnsi(bytes);
    }
    shown.push(line);
  }
  return shown;
}

export interface PdfText {
  doc: PDFDocument;
  /** Each page's lines of text. */
  pages: string[][];
  /** All the text, one drawn line per line. */
  text: string;
}

export async function readPdfText(bytes: Uint8Array): Promise<PdfText> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const pages = doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const parts: PDFObject[] =
      contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref) as PDFObject) : [];
    if (contents && !(contents instanceof PDFArray)) parts.push(contents);
    return parts
      .filter((part): part is PDFRawStream => part instanceof PDFRawStream)
      .flatMap((part) => textOfContentStream(streamBytes(part).toString("latin1")));
  });
  return { doc, pages, text: pages.map((lines) => lines.join("\n")).join("\n") };
}

/** Texts are wrapped at the page width: compare ignoring line breaks and runs of spaces. */
export function flat(text: string): string {
  return text.replace(/\s+/g, " ");
}
