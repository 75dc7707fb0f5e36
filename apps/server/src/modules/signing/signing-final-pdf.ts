import { translate } from "@portal/i18n/translate";
import { LANGUAGES, type Language } from "@portal/shared/languages";
import { SIGNING_TIME_ZONE } from "@portal/shared/schemas/signing";
import type { Block } from "@portal/shared/school-documents";
import { PdfLayout } from "../enrollment/documents/pdf-layout.ts";
import { drawBlocks } from "../enrollment/documents/pdf-rich-text.ts";

/*
 * The final signed PDF (docs/rules/documents.md "Signing online"): the document as signed, a
 * signatures page, an evidence page, and on every page's footer the verification code and the
 * checker's address. Plain data in, bytes out: it runs in a drawing thread (workers/pdf-tasks.ts).
 */

export interface SignedPdfSigner {
  role: "representative1" | "representative2" | "school";
  name: string;
  identification: string | null;
  signedAt: string;
  emailMasked: string | null;
  typedName: string | null;
}

export interface SignedPdfEvent {
  at: string;
  kind: string;
  /** The signer's role, else a staff member's name, else null (the portal). */
  who: { role: string } | { name: string } | null;
  ip: string | null;
  userAgent: string | null;
}

export interface SignedPdfInput {
  language: Language;
  title: string;
  blocks: Block[];
  textSha256: string;
  schoolName: string;
  accent: string;
  requestCode: string;
  studentName: string;
  schoolYear: string;
  verificationCode: string;
  checkerUrl: string;
  signers: SignedPdfSigner[];
  events: SignedPdfEvent[];
}

export async function drawSignedPdf(input: SignedPdfInput): Promise<Uint8Array> {
  const { language } = input;
  const t = (key: string, vars: Record<string, string | number> = {}) =>
    translate(language, `documents:signed.${key}`, vars);
  const locale = LANGUAGES.find((l) => l.code === language)?.locale ?? "es-ES";
  const time = new Intl.DateTimeFormat(locale, {
    dateStyle: "long",
    timeStyle: "medium",
    hourCycle: "h23",
    timeZone: SIGNING_TIME_ZONE,
  });
  const at = (iso: string) => time.format(new Date(iso));
  const layout = await PdfLayout.create({
    title: input.title,
    author: input.schoolName,
    subject: t("subject", { title: input.title, code: input.requestCode }),
    locale,
    accent: input.accent,
    headerLeft: input.schoolName,
    headerRight: `${input.studentName} · ${input.requestCode}`,
    footerNote: t("footer", { code: input.verificationCode, url: input.checkerUrl }),
    pageLabel: (page, total) => translate(language, "documents:common.page", { page, total }),
  });

  layout.title(input.title);
  layout.subtitle(t("subtitle", { code: input.requestCode, student: input.studentName, year: input.schoolYear }));
  drawBlocks(layout, input.blocks);

  layout.freshPage();
  layout.title(t("signaturesTitle"));
  for (const signer of input.signers) {
    layout.heading(t(`roles.${signer.role}`));
    layout.paragraph(signer.name, { font: "bold" });
    if (signer.identification) layout.paragraph(t("identification", { identification: signer.identification }));
    layout.paragraph(t("signedAt", { date: at(signer.signedAt) }));
    layout.paragraph(
      signer.role === "school"
        ? t("schoolMethod", { school: input.schoolName })
        : t("method", { email: signer.emailMasked ?? "", typedName: signer.typedName ?? "" }),
      { font: "italic" },
    );
  }

  layout.freshPage();
  layout.title(t("evidenceTitle"));
  layout.paragraph(t("evidenceIntro"));
  layout.paragraph(t("textSha", { sha: input.textSha256 }), { font: "bold", after: 8 });
  for (const event of input.events) {
    const who = event.who === null ? t("portal") : "role" in event.who ? t(`roles.${event.who.role}`) : event.who.name;
    layout.bullet(
      t("eventLine", {
        at: at(event.at),
        kind: t(`events.${event.kind}`),
        who,
        ip: event.ip ?? t("unknown"),
        userAgent: event.userAgent ?? t("unknown"),
      }),
      { indent: 8 },
    );
  }
  return layout.save();
}
