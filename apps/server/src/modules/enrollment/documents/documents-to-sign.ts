import type { Language } from "@portal/shared/languages";
import { filledBlocks } from "./document-fields.ts";
import {
  type DocumentsSource,
  type Localizer,
  localizer,
  type Representative,
  representativesOf,
  type SchoolDocumentText,
} from "./document-source.ts";
import { PdfLayout } from "./pdf-layout.ts";
import { drawBlocks } from "./pdf-rich-text.ts";
import { portalParts, titledName } from "./portal-parts.ts";

/**
 * The documents the family prints, signs and hands in (spec 1 and 2): the educational services
 * contract, the exit authorization to be signed before a notary, and the image-use consent, each
 * part on a new page. The contract's clauses are a template the school must review (docs/rules/documents.md "Enrollment documents").
 */

/** The contract's parties: the legal representatives (all representatives when none is marked so). */
function legalRepresentativesOf(source: DocumentsSource): Representative[] {
  const all = representativesOf(source);
  const legal = all.filter((rep) => rep.data.isLegalRepresentative === true);
  return legal.length > 0 ? legal : all;
}

function signatureBlocks(l: Localizer, reps: Representative[]) {
  return reps.map((rep) => ({
    name: titledName(l, rep.data),
    caption: `${l.t("toSign.signature.representative", { n: rep.number })} · ${l.identification(
      rep.data.typeIdentification,
      rep.data.documentNumber,
    )}`,
  }));
}

function studentIdentity(l: Localizer, source: DocumentsSource) {
  const file = source.steps.studentFile;
  return {
    student: source.studentName,
    identification: l.identification(file?.typeIdentification, file?.documentNumber ?? source.studentDocument),
    level: l.level(),
    year: source.schoolYearLabel,
  };
}

/** The document's title and the school's text in force for the file, filled. */
function schoolText(
  layout: PdfLayout,
  l: Localizer,
  source: DocumentsSource,
  document: SchoolDocumentText,
  subtitle: string,
) {
  layout.title(document.titles[l.language] || document.titles.es);
  layout.subtitle(subtitle);
  drawBlocks(layout, filledBlocks(source, l.language, document.bodies[l.language] || document.bodies.es));
}

function signHere(layout: PdfLayout, l: Localizer, blocks: { name: string; caption: string }[]) {
  layout.heading(l.t("toSign.signature.title"));
  layout.paragraph(l.t("toSign.signature.placeDate"), { after: 10 });
  layout.signatures(blocks);
}

function contract(layout: PdfLayout, l: Localizer, source: DocumentsSource, document: SchoolDocumentText): void {
  const who = studentIdentity(l, source);
  schoolText(
    layout,
    l,
    source,
    document,
    l.t("toSign.contract.subtitle", { year: who.year, code: source.request?.code ?? "" }),
  );
  signHere(layout, l, [
    { name: source.school.name, caption: l.t("toSign.signature.forSchool") },
    ...signatureBlocks(l, legalRepresentativesOf(source)),
  ]);
}

/** A document the school added: its text and the legal representatives' signatures. */
function ownDocument(layout: PdfLayout, l: Localizer, source: DocumentsSource, document: SchoolDocumentText): void {
  const who = studentIdentity(l, source);
  schoolText(
    layout,
    l,
    source,
    document,
    l.t("toSign.contract.subtitle", { year: who.year, code: source.request?.code ?? "" }),
  );
  signHere(layout, l, signatureBlocks(l, legalRepresentativesOf(source)));
}

function exitAuthorization(
  layout: PdfLayout,
  l: Localizer,
  source: DocumentsSource,
  document: SchoolDocumentText,
): void {
  const who = studentIdentity(l, source);
  const reps = representativesOf(source);
  schoolText(
    layout,
    l,
    source,
    document,
    l.t("toSign.exit.subtitle", { year: who.year, code: source.request?.code ?? "" }),
  );
  drawBlocks(layout, portalParts(l, source, document));
  layout.space(8);

  // The notary certifies the signatures: keep them and the notary's box on the same page.
  layout.ensureSpace(50 + Math.ceil(reps.length / 2) * 66 + 100);
  layout.heading(l.t("toSign.signature.title"));
  layout.paragraph(l.t("toSign.signature.placeDate"), { after: 10 });
  layout.signatures(signatureBlocks(l, reps));
  layout.box(l.t("toSign.exit.notaryBox"));
}

function imageConsent(layout: PdfLayout, l: Localizer, source: DocumentsSource, document: SchoolDocumentText): void {
  const who = studentIdentity(l, source);
  schoolText(
    layout,
    l,
    source,
    document,
    l.t("toSign.image.subtitle", { year: who.year, code: source.request?.code ?? "" }),
  );
  drawBlocks(layout, portalParts(l, source, document));
  layout.space(8);
  signHere(layout, l, signatureBlocks(l, legalRepresentativesOf(source)));
}

const DRAW: Record<string, typeof ownDocument> = { contract, exitAuthorization, imageConsent };

export async function renderDocumentsToSign(source: DocumentsSource, language: Language): Promise<Uint8Array> {
  const l = localizer(source, language);
  const code = source.request?.code ?? "";
  const layout = await PdfLayout.create({
    title: l.t("toSign.metaTitle", { student: source.studentName }),
    author: source.school.name,
    subject: l.t("toSign.subject", { code, year: source.schoolYearLabel }),
    locale: l.locale,
    accent: source.school.accent,
    headerLeft: source.school.name,
    headerRight: `${source.studentName} · ${code}`,
    footerNote: l.t("common.printOneSide"),
    pageLabel: (page, total) => l.t("common.page", { page, total }),
  });

  layout.notice(
    [
      l.t("toSign.instructions.sign", { hours: source.constants.contractSigningHours }),
      l.t("toSign.instructions.notary"),
      l.t("toSign.instructions.handIn"),
      l.t("toSign.instructions.print"),
    ],
    { title: l.t("toSign.instructions.title", { student: source.studentName, code }) },
  );
  // The school's documents the request needs, in the year's order; the texts accepted online
  // (terms of use, data-use agreement) are in the terms step, not on paper.
  for (const document of source.schoolDocuments.filter((d) => !d.online)) {
    layout.freshPage();
    (DRAW[document.builtIn ? document.key : ""] ?? ownDocument)(layout, l, source, document);
  }
  return layout.save();
}
