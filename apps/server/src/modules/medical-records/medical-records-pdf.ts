import { translate } from "@portal/i18n/translate";
import { LANGUAGES, type Language } from "@portal/shared/languages";
import { ALLERGY_GROUPS, hasAllergies, type MedicalRecordRow } from "@portal/shared/schemas/medical-records";
import { SCHOOL_TIME_ZONE } from "../enrollment/documents/document-source.ts";
import { PdfLayout } from "../enrollment/documents/pdf-layout.ts";

/**
 * The printable medical records of one level, for the nurse and the teachers: title
 * with the level and school year, generation date, one block per student. A pure function of
 * plain, structured-cloneable data (no database, no context), so it can run in a worker thread as
 * it is.
 */
export interface MedicalPdfInput {
  language: Language;
  school: { name: string; accent: string };
  yearLabel: string;
  levelLabel: string;
  /** ISO instant shown as the generation date. */
  generatedAt: string;
  rows: MedicalRecordRow[];
}

export async function renderMedicalRecordsPdf(input: MedicalPdfInput): Promise<Uint8Array> {
  const t = (key: string, vars: Record<string, string | number> = {}) =>
    translate(input.language, `medicalRecords:${key}`, vars);
  const locale = LANGUAGES.find((l) => l.code === input.language)?.locale ?? "es-ES";
  const when = new Intl.DateTimeFormat(locale, {
    dateStyle: "long",
    timeStyle: "short",
    hourCycle: "h23",
    timeZone: SCHOOL_TIME_ZONE,
  }).format(new Date(input.generatedAt));
  const vars = { level: input.levelLabel, year: input.yearLabel };
  const layout = await PdfLayout.create({
    title: t("pdf.metaTitle", vars),
    author: input.school.name,
    locale,
    accent: input.school.accent,
    headerLeft: input.school.name,
    headerRight: t("pdf.metaTitle", vars),
    footerNote: t("pdf.generatedAt", { date: when }),
    pageLabel: (page, total) => t("pdf.page", { page, total }),
  });
  layout.title(t("pdf.title", vars));
  layout.subtitle(t("pdf.subtitle", { year: input.yearLabel, count: input.rows.length }));
  layout.paragraph(t("pdf.generatedAt", { date: when }));
  layout.notice([t("pdf.confidential")]);
  if (input.rows.length === 0) layout.paragraph(t("pdf.empty"));

  const answer = (value: { yes: boolean; text: string }) =>
    value.yes ? (value.text ? t("yesWith", { text: value.text }) : t("yes")) : t("no");
  for (const row of input.rows) {
    layout.heading(t("pdf.student", { student: row.studentName, code: row.code }));
    if (!row.hasRecord) {
      layout.paragraph(t("badges.noRecord"), { font: "italic" });
    } else if (row.emergencyMeasuresAuthorized === false) {
      layout.notice([t("pdf.emergencyNotAuthorized")]);
    }
    layout.row(t("fields.bloodType"), row.bloodType || t("notGiven"));
    if (row.hasRecord) {
      layout.subheading(hasAllergies(row) ? t("badges.hasAllergies") : t("badges.noAllergies"));
      for (const group of ALLERGY_GROUPS) {
        const entries = row.allergies[group];
        if (entries.length === 0) continue;
        layout.row(
          t(`groups.${group}`),
          entries.map((entry) => t("allergyEntry", { item: entry.item, reaction: entry.reaction })).join("\n"),
        );
      }
      layout.row(t("fields.medication"), answer(row.medication));
      layout.row(t("fields.disease"), answer(row.disease));
      layout.row(t("fields.disability"), answer(row.disability));
      layout.row(t("fields.sportsExemption"), answer(row.sportsExemption));
      if (row.treatmentReceived) layout.row(t("fields.treatment"), row.treatmentReceived);
      layout.row(
        t("fields.emergencyMeasures"),
        row.emergencyMeasuresAuthorized === null ? t("notGiven") : row.emergencyMeasuresAuthorized ? t("yes") : t("no"),
      );
    }
    layout.row(
      t("fields.emergencyContacts"),
      row.emergencyContacts.length === 0
        ? t("notGiven")
        : row.emergencyContacts
            .map((contact) =>
              t("contact", { name: contact.name, relationship: contact.relationship, phone: contact.phone }),
            )
            .join("\n"),
    );
  }
  return layout.save();
}
