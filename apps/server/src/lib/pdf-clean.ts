import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFRef,
  PDFStream,
  PDFString,
} from "pdf-lib";

/*
 * Uploaded PDFs are opened inline by staff, so what a family sends must not carry anything a
 * viewer runs. Rather than hunt for bad parts in the uploaded structure, the pages are
 * copied into a new document: only what the pages reference comes across, so the catalog's open
 * action, document-level JavaScript (Names › JavaScript), embedded files (Names › EmbeddedFiles),
 * the interactive form with its XFA, the metadata, unreferenced objects, incremental updates and
 * anything after the last %%EOF are left behind. What pages themselves may still reference is then
 * stripped: additional actions (page, annotation, form field), actions other than going to a page
 * or opening a web/mail link, file attachments and media annotations.
 */

/** Entries that run something, or carry a file, wherever they appear. */
const ACTIVE_KEYS = ["AA", "OpenAction", "JS", "JavaScript", "EmbeddedFiles", "EF", "XFA", "RichMediaContent"].map(
  (key) => PDFName.of(key),
);
/** Actions a viewer may follow without running or launching anything. */
const SAFE_ACTIONS = new Set(["GoTo", "Named", "URI", "Thread"]);
/** Annotations that carry a file or play media. */
const ACTIVE_ANNOTATIONS = new Set(["FileAttachment", "Screen", "Movie", "Sound", "RichMedia", "3D"]);
const SAFE_LINK = /^(https?:|mailto:)/i;

const S = PDFName.of("S");
const A = PDFName.of("A");
const NEXT = PDFName.of("Next");
const URI = PDFName.of("URI");
const ANNOTS = PDFName.of("Annots");
const SUBTYPE = PDFName.of("Subtype");

function nameOf(value: PDFObject | undefined): string | undefined {
  return value instanceof PDFName ? value.decodeText() : undefined;
}

function textOf(value: PDFObject | undefined): string {
  return value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : "";
}

/** True for an action a viewer may follow: a page, a named navigation or an http(s)/mailto link. */
function isSafeAction(action: PDFDict): boolean {
  const type = nameOf(action.get(S));
  if (!type || !SAFE_ACTIONS.has(type)) return false;
  return type !== "URI" || SAFE_LINK.test(textOf(action.lookup(URI)).trim());
}

function resolve(doc: PDFDocument, value: PDFObject | undefined): PDFObject | undefined {
  return value instanceof PDFRef ? doc.context.lookup(value) : value;
}

/** Strips one dictionary; nested values are visited by the caller's walk. */
function cleanDict(doc: PDFDocument, dict: PDFDict): void {
  for (const key of ACTIVE_KEYS) dict.delete(key);
  const action = resolve(doc, dict.get(A));
  if (action instanceof PDFDict && !isSafeAction(action)) dict.delete(A);
  // A chain of actions may hide a script behind a safe first one.
  if (dict.has(S)) dict.delete(NEXT);
  const annots = resolve(doc, dict.get(ANNOTS));
  if (annots instanceof PDFArray) {
    for (let index = annots.size() - 1; index >= 0; index -= 1) {
      const annot = resolve(doc, annots.get(index));
      if (annot instanceof PDFDict && ACTIVE_ANNOTATIONS.has(nameOf(annot.get(SUBTYPE)) ?? "")) annots.remove(index);
    }
  }
}

/** Visits every dictionary and array reachable inside one object (not through references). */
function walk(doc: PDFDocument, value: PDFObject, seen: Set<PDFObject>): void {
  if (seen.has(value)) return;
  seen.add(value);
  const dict = value instanceof PDFStream ? value.dict : value instanceof PDFDict ? value : undefined;
  if (dict) {
    cleanDict(doc, dict);
    for (const child of dict.values()) walk(doc, child, seen);
  } else if (value instanceof PDFArray) {
    for (const child of value.asArray()) walk(doc, child, seen);
  }
}

/**
 * Deletes the objects nothing reaches from the catalog any more: what the walk cut off (a page's
 * script action, an attachment annotation) was copied with the page and would still be written.
 */
function dropUnreachable(doc: PDFDocument): void {
  const reached = new Set<string>();
  const { Root, Info } = doc.context.trailerInfo;
  const pending = [Root, Info].filter((entry): entry is PDFObject => entry !== undefined);
  for (let value = pending.pop(); value; value = pending.pop()) {
    if (value instanceof PDFRef) {
      if (reached.has(value.tag)) continue;
      reached.add(value.tag);
      const target = doc.context.lookup(value);
      if (target) pending.push(target);
    } else if (value instanceof PDFStream || value instanceof PDFDict) {
      pending.push(...(value instanceof PDFStream ? value.dict : value).values());
    } else if (value instanceof PDFArray) {
      pending.push(...value.asArray());
    }
  }
  for (const [ref] of doc.context.enumerateIndirectObjects()) if (!reached.has(ref.tag)) doc.context.delete(ref);
}

/**
 * The PDF rebuilt without its active content, or `undefined` when it is not a PDF pdf-lib can read
 * with at least one page (an encrypted one included: its content cannot be checked).
 */
export async function cleanPdf(bytes: Uint8Array): Promise<Buffer | undefined> {
  try {
    const source = await PDFDocument.load(bytes, { updateMetadata: false });
    const pageCount = source.getPageCount();
    if (pageCount === 0) return undefined;
    const clean = await PDFDocument.create({ updateMetadata: false });
    const pages = await clean.copyPages(
      source,
      Array.from({ length: pageCount }, (_, index) => index),
    );
    for (const page of pages) clean.addPage(page);
    const seen = new Set<PDFObject>();
    for (const [, object] of clean.context.enumerateIndirectObjects()) walk(clean, object, seen);
    dropUnreachable(clean);
    // Plain objects (no object streams) so what is stored can be checked by reading its bytes.
    return Buffer.from(await clean.save({ useObjectStreams: false }));
  } catch {
    return undefined;
  }
}
