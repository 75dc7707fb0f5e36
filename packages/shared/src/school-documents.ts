/**
 * The school's own documents (Settings › Documents, docs/rules/documents.md "The school's own
 * documents"): the contract, the terms of use, the data-use agreement, the image consent, the exit
 * authorization and any the school adds, written per school year and language in a small Markdown
 * (headings, paragraphs, bold, italic, lists) with `{{field}}` placeholders the portal fills.
 * Never HTML: the text is parsed into blocks and spans here, and each side draws those itself
 * (React nodes on the web, the PDF layout on the server), so nothing the Admin types is markup
 * to a browser. Runs on both sides: the web's live preview and the server's PDF read the same parse.
 */

export const BUILT_IN_DOCUMENTS = ["contract", "termsOfUse", "dataUse", "exitAuthorization", "imageConsent"] as const;
export type BuiltInDocument = (typeof BUILT_IN_DOCUMENTS)[number];

/** The documents the family accepts online in the terms step (not printed in the documents to sign). */
export const ONLINE_DOCUMENTS: readonly string[] = ["termsOfUse", "dataUse"];

/** Which requests a document applies to: new students, re-enrollments, both, or none (retired). */
export const DOCUMENT_AUDIENCES = ["both", "new", "reenrollment", "none"] as const;
export type DocumentAudience = (typeof DOCUMENT_AUDIENCES)[number];

/**
 * The fields a text may use, each filled from the request: names and identifications, level,
 * school year, the year's fees text (Settings › Documents), dates, the year's constants.
 * `paymentDetails` is a block field: a paragraph holding only it becomes the list of the
 * family's payment answers.
 */
export const DOCUMENT_FIELDS = [
  "studentName",
  "studentIdentification",
  "representative1Name",
  "representative1Relationship",
  "representative1Identification",
  "representative2Name",
  "representative2Relationship",
  "representative2Identification",
  "level",
  "schoolYear",
  "requestCode",
  "schoolName",
  "fees",
  "date",
  "acceptedAt",
  "signingHours",
  "discountChildren",
  "discountPercent",
  "paymentDetails",
] as const;
export type DocumentField = (typeof DOCUMENT_FIELDS)[number];
export const BLOCK_FIELDS: readonly DocumentField[] = ["paymentDetails"];

export const DOCUMENT_TEXT_MAX = 30_000;
export const DOCUMENT_TITLE_MAX = 150;

export interface Span {
  text: string;
  bold: boolean;
  italic: boolean;
}
export type Block =
  | { type: "heading"; level: 1 | 2 | 3; spans: Span[] }
  | { type: "paragraph"; spans: Span[] }
  | { type: "list"; ordered: boolean; items: Span[][] };

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The field names a text uses that the portal cannot fill, and any stray `{{` or `}}`. */
export function unknownFields(text: string): string[] {
  const known = new Set<string>(DOCUMENT_FIELDS);
  const found = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? "";
    if (!known.has(name)) found.add(`{{${name}}}`);
  }
  const rest = text.replace(PLACEHOLDER, "");
  if (rest.includes("{{")) found.add("{{");
  if (rest.includes("}}")) found.add("}}");
  return [...found];
}

/** `**bold**`, `*italic*` (or `_italic_`) within a line; anything else is plain text. */
export function parseSpans(line: string): Span[] {
  const spans: Span[] = [];
  const pattern = /\*\*(.+?)\*\*|\*(.+?)\*|_(.+?)_/g;
  let last = 0;
  for (const match of line.matchAll(pattern)) {
    const at = match.index ?? 0;
    if (at > last) spans.push({ text: line.slice(last, at), bold: false, italic: false });
    if (match[1] !== undefined) spans.push({ text: match[1], bold: true, italic: false });
    else spans.push({ text: match[2] ?? match[3] ?? "", bold: false, italic: true });
    last = at + match[0].length;
  }
  if (last < line.length) spans.push({ text: line.slice(last), bold: false, italic: false });
  return spans;
}

const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;
const HEADING = /^(#{1,3})\s+(.*)$/;

/** The text's blocks: `#`–`###` headings, `-` or `1.` list items, paragraphs split by blank lines. */
export function parseDocumentText(text: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ type: "paragraph", spans: parseSpans(paragraph.join(" ")) });
    paragraph = [];
  };
  for (const raw of text.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (!line) flush();
    else if (heading) {
      flush();
      blocks.push({
        type: "heading",
        level: (heading[1] ?? "#").length as 1 | 2 | 3,
        spans: parseSpans(heading[2] ?? ""),
      });
    } else if (bullet || numbered) {
      flush();
      const ordered = Boolean(numbered);
      const item = parseSpans(((bullet ?? numbered) as RegExpExecArray)[1] ?? "");
      const previous = blocks.at(-1);
      if (previous?.type === "list" && previous.ordered === ordered) previous.items.push(item);
      else blocks.push({ type: "list", ordered, items: [item] });
    } else paragraph.push(line);
  }
  flush();
  return blocks;
}

export type FieldValues = Partial<Record<DocumentField, string>> & { paymentLines?: string[] };

/**
 * Fills the placeholders of parsed spans (values are put in as text, never parsed as Markdown).
 * A paragraph, heading or list item whose fields are all empty is left out (a second
 * representative the family did not name); `{{paymentDetails}}` alone in a paragraph becomes the
 * list of `paymentLines`. Whatever is not a known field was refused at save; it is dropped here so
 * a family never reads a raw placeholder.
 */
export function fillBlocks(blocks: Block[], values: FieldValues): Block[] {
  const fillSpans = (spans: Span[]): Span[] | null => {
    let fields = 0;
    let filled = 0;
    const out = spans.map((span) => ({
      ...span,
      text: span.text
        .replace(PLACEHOLDER, (_all, name: string) => {
          fields += 1;
          const value = (values as Record<string, string | undefined>)[name] ?? "";
          if (value) filled += 1;
          return value;
        })
        .replace(/\{\{|\}\}/g, ""),
    }));
    return fields > 0 && filled === 0 ? null : out;
  };
  const out: Block[] = [];
  for (const block of blocks) {
    if (block.type === "list") {
      const items = block.items.map(fillSpans).filter((item): item is Span[] => item !== null);
      if (items.length > 0) out.push({ ...block, items });
      continue;
    }
    const only = block.spans
      .map((span) => span.text)
      .join("")
      .trim();
    if (block.type === "paragraph" && /^\{\{\s*paymentDetails\s*\}\}$/.test(only)) {
      const lines = values.paymentLines ?? [];
      if (lines.length > 0)
        out.push({ type: "list", ordered: false, items: lines.map((text) => [{ text, bold: false, italic: false }]) });
      continue;
    }
    const spans = fillSpans(block.spans);
    if (spans) out.push({ ...block, spans });
  }
  return out;
}

/** A span list as plain text (tests, the PDF's search, accessible names). */
export const spansText = (spans: Span[]): string => spans.map((span) => span.text).join("");
