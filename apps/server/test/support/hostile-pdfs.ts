import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFObject,
  type PDFRef,
  PDFStream,
  PDFString,
  StandardFonts,
} from "pdf-lib";
import { pdfOfObjects } from "./documents.ts";

/*
 * PDFs a hostile family could upload, and a reader that lists what is still active in
 * a PDF. No test-runner imports, so the unit test of the cleaner and the API spec share them.
 */

const SCRIPT = "app.alert('pwned')";
export const VISIBLE_TEXT = "Cedula de identidad";

function action(doc: PDFDocument, entries: Record<string, PDFObject | string>): PDFRef {
  return doc.context.register(doc.context.obj(entries));
}

/** One page with a line of text, a safe web link and the given extra annotations. */
async function pageWithText(doc: PDFDocument, annots: PDFRef[] = []) {
  const page = doc.addPage([300, 200]);
  page.drawText(VISIBLE_TEXT, { x: 20, y: 150, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  const link = doc.context.obj({
    Type: "Annot",
    Subtype: "Link",
    Rect: [20, 100, 200, 120],
    A: doc.context.obj({ S: "URI", URI: PDFString.of("https://school.example/info") }),
  });
  page.node.set(PDFName.of("Annots"), doc.context.obj([doc.context.register(link), ...annots]));
  return page;
}

/** JavaScript run on opening (OpenAction), as a document script (Names › JavaScript) and on page open (AA). */
export async function pdfWithJavaScript(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = await pageWithText(doc);
  const js = action(doc, { S: "JavaScript", JS: PDFString.of(SCRIPT) });
  doc.catalog.set(PDFName.of("OpenAction"), js);
  const names = doc.context.obj({ JavaScript: { Names: [PDFString.of("boot"), js] } });
  doc.catalog.set(PDFName.of("Names"), names);
  page.node.set(PDFName.of("AA"), doc.context.obj({ O: js }));
  return Buffer.from(await doc.save());
}

/** A link that launches a program, a javascript: link, an attached HTML file and an embedded file. */
export async function pdfWithLaunchAndAttachments(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const launch = doc.context.register(
    doc.context.obj({
      Type: "Annot",
      Subtype: "Link",
      Rect: [20, 60, 200, 80],
      A: { S: "Launch", F: PDFString.of("cmd.exe"), Next: { S: "JavaScript", JS: PDFString.of(SCRIPT) } },
    }),
  );
  const jsLink = doc.context.register(
    doc.context.obj({
      Type: "Annot",
      Subtype: "Link",
      Rect: [20, 30, 200, 50],
      A: { S: "URI", URI: PDFString.of("javascript:alert(1)") },
    }),
  );
  const fileStream = doc.context.register(doc.context.stream("<html><script>alert(1)</script></html>"));
  const attachment = doc.context.register(
    doc.context.obj({
      Type: "Annot",
      Subtype: "FileAttachment",
      Rect: [220, 30, 240, 50],
      FS: { Type: "Filespec", F: PDFString.of("evil.html"), EF: { F: fileStream } },
    }),
  );
  await pageWithText(doc, [launch, jsLink, attachment]);
  await doc.attach(Buffer.from("<html><script>alert(2)</script></html>"), "payload.html", { mimeType: "text/html" });
  return Buffer.from(await doc.save());
}

/** A valid PDF with an HTML page appended after its %%EOF (opened as HTML if served as such). */
export async function pdfWithAppendedHtml(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  await pageWithText(doc);
  const html = "\n<html><body><script>document.location='https://evil.example'</script></body></html>\n";
  return Buffer.concat([Buffer.from(await doc.save()), Buffer.from(html)]);
}

/** A PDF/HTML polyglot: markup in a comment after the header and in an object no page uses. */
export function pdfHtmlPolyglot(): Buffer {
  const objects = [
    "1 0 obj\n<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>\nendobj\n",
    "2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n",
    "3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /AA << /O 5 0 R >> >>\nendobj\n",
    "4 0 obj\n<< /Length 47 >>\nstream\n<html><script>alert(document.cookie)</script>\nendstream\nendobj\n",
    `5 0 obj\n<< /S /JavaScript /JS (${SCRIPT}) >>\nendobj\n`,
  ];
  return pdfOfObjects(objects, {
    head: "%<html><body><script>alert(3)</script>\n",
    tail: "<html><script>alert(4)</script></html>",
  });
}

export const HOSTILE_PDFS: [string, () => Promise<Buffer> | Buffer][] = [
  ["JavaScript on open, as a document script and on a page", pdfWithJavaScript],
  ["a launch action, a javascript: link and attached files", pdfWithLaunchAndAttachments],
  ["HTML appended after %%EOF", pdfWithAppendedHtml],
  ["a PDF/HTML polyglot", pdfHtmlPolyglot],
];

const ACTIVE_KEYS = new Set(["AA", "OpenAction", "JS", "JavaScript", "EmbeddedFiles", "EF", "XFA", "Launch"]);
const ACTIVE_ACTIONS = new Set(["JavaScript", "Launch", "SubmitForm", "ImportData", "GoToE", "GoToR", "Rendition"]);

/** What is still active in a PDF: keys and actions a viewer would run, and bytes after the last %%EOF. */
export async function activeParts(bytes: Buffer): Promise<string[]> {
  const found: string[] = [];
  const tail = bytes.subarray(bytes.lastIndexOf("%%EOF") + 5).toString("latin1");
  if (tail.trim() !== "") found.push(`after %%EOF: ${tail.trim().slice(0, 40)}`);
  for (const marker of ["<html", "<script", "alert(", "javascript:", SCRIPT]) {
    if (bytes.includes(marker)) found.push(`bytes: ${marker}`);
  }
  const doc = await PDFDocument.load(bytes);
  const visit = (value: PDFObject, seen: Set<PDFObject>) => {
    if (seen.has(value)) return;
    seen.add(value);
    const dict = value instanceof PDFStream ? value.dict : value instanceof PDFDict ? value : undefined;
    if (dict) {
      for (const [key, child] of dict.entries()) {
        if (ACTIVE_KEYS.has(key.decodeText())) found.push(`key /${key.decodeText()}`);
        if (key.decodeText() === "S" && child instanceof PDFName && ACTIVE_ACTIONS.has(child.decodeText())) {
          found.push(`action /${child.decodeText()}`);
        }
        if (key.decodeText() === "Subtype" && child instanceof PDFName && child.decodeText() === "FileAttachment") {
          found.push("annotation /FileAttachment");
        }
        visit(child, seen);
      }
    } else if (value instanceof PDFArray) {
      for (const child of value.asArray()) visit(child, seen);
    }
  };
  const seen = new Set<PDFObject>();
  for (const [, object] of doc.context.enumerateIndirectObjects()) visit(object, seen);
  return found;
}

/** The safe web link each fixture's page carries; a cleaned PDF keeps it. */
export function linkTargets(doc: PDFDocument): string[] {
  const targets: string[] = [];
  for (const page of doc.getPages()) {
    const annots = page.node.Annots();
    for (const ref of annots?.asArray() ?? []) {
      const annot = doc.context.lookup(ref, PDFDict);
      const uri = annot.lookupMaybe(PDFName.of("A"), PDFDict)?.lookupMaybe(PDFName.of("URI"), PDFString);
      if (uri) targets.push(uri.decodeText());
    }
  }
  return targets;
}
