import { PHOTO_CONSENTS, TERMS_CONSENTS } from "@portal/shared/consents";
import type { Language } from "@portal/shared/languages";
import { canExitAlone, isLevelCode } from "@portal/shared/rules/levels";
import {
  type DocumentsSource,
  type Localizer,
  localizer,
  type Representative,
  representativesOf,
  type StepData,
} from "./document-source.ts";
import { PdfLayout } from "./pdf-layout.ts";

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

function titledName(l: Localizer, person: StepData): string {
  return [l.label("prefixes", person.prefix), l.personName(person)].filter(Boolean).join(" ");
}

function relationshipOf(l: Localizer, person: StepData): string {
  const other = l.str(person.relationshipOther);
  return person.relationshipStudentCode === "OTHER" && other
    ? other
    : l.label("relationships", person.relationshipStudentCode);
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

function contract(layout: PdfLayout, l: Localizer, source: DocumentsSource): void {
  const code = source.request?.code ?? "";
  const who = studentIdentity(l, source);
  const parties = legalRepresentativesOf(source);
  layout.title(l.t("toSign.contract.title"));
  layout.subtitle(l.t("toSign.contract.subtitle", { year: who.year, code }));

  layout.heading(l.t("toSign.contract.partiesTitle"));
  layout.paragraph(l.t("toSign.contract.partySchool", { school: source.school.name }));
  layout.paragraph(l.t("toSign.contract.partyRepresentatives"));
  for (const rep of parties) {
    layout.bullet(
      l.t("toSign.contract.representativeLine", {
        name: titledName(l, rep.data),
        relationship: relationshipOf(l, rep.data),
        identification: l.identification(rep.data.typeIdentification, rep.data.documentNumber),
      }),
      { indent: 8 },
    );
  }
  layout.paragraph(l.t("toSign.contract.studentLine", who), { after: 6 });

  layout.heading(l.t("toSign.contract.clausesTitle"));
  const clause = (key: string, vars: Record<string, string | number> = {}) =>
    layout.paragraph(l.t(`toSign.contract.clauses.${key}`, vars), { after: 6 });
  clause("object", { level: who.level });
  clause("duration", { year: who.year });
  clause("fees");
  const finance = source.steps.financialInformation;
  if (finance) {
    const payer = l.str(finance.namePaymentReference) || l.personName(finance);
    layout.bullet(
      l.t("toSign.contract.feesPayer", {
        name: payer,
        identification: l.identification(finance.typeIdentification, finance.documentNumber),
      }),
      { indent: 8 },
    );
    layout.bullet(l.t("toSign.contract.feesMethod", { method: l.label("paymentMethods", finance.paymentMethod) }), {
      indent: 8,
    });
    layout.bullet(l.t("toSign.contract.feesEmail", { email: l.str(finance.email) }), { indent: 8 });
    if (finance.isScholarShip === true) {
      layout.bullet(l.t("toSign.contract.feesScholarship", { company: l.str(finance.companyScholarShip) }), {
        indent: 8,
      });
    }
  }
  clause("discount", { children: source.constants.discountChildren, percent: source.constants.discountPercent });
  clause("schoolDuties");
  clause("familyDuties");
  clause("dataProtection");
  clause("termination");
  const consent = source.consents.get(TERMS_CONSENTS.servicesContract);
  clause("acceptance", {
    date: l.dateTime(consent?.at ?? source.request?.sentAt ?? new Date().toISOString()),
    version: consent?.version ?? "",
    hours: source.constants.contractSigningHours,
  });

  layout.heading(l.t("toSign.signature.title"));
  layout.paragraph(l.t("toSign.signature.placeDate"), { after: 10 });
  layout.signatures([
    { name: source.school.name, caption: l.t("toSign.signature.forSchool") },
    ...signatureBlocks(l, parties),
  ]);
}

function exitAuthorization(layout: PdfLayout, l: Localizer, source: DocumentsSource): void {
  const who = studentIdentity(l, source);
  const exit = source.steps.exitAuthorization ?? {};
  const reps = representativesOf(source);
  const level = source.levelCode ?? source.steps.enrollmentYear?.levelCode;
  const upperYear = isLevelCode(level) && canExitAlone(level);
  const { schoolDayExit, middayBreakFrom, middayBreakTo } = source.constants;
  const times = { time: schoolDayExit, from: middayBreakFrom, to: middayBreakTo };

  layout.title(l.t("toSign.exit.title"));
  layout.subtitle(l.t("toSign.exit.subtitle", { year: who.year, code: source.request?.code ?? "" }));
  layout.notice([l.t("toSign.exit.notaryNotice")]);
  layout.paragraph(l.t("toSign.exit.intro", who), { after: 6 });

  layout.heading(l.t("toSign.exit.personsTitle"));
  layout.paragraph(l.t("toSign.exit.representativesIntro"));
  for (const rep of reps) {
    layout.bullet(
      l.t("toSign.exit.personLine", {
        name: titledName(l, rep.data),
        relationship: relationshipOf(l, rep.data),
        identification: l.identification(rep.data.typeIdentification, rep.data.documentNumber),
        phone: l.str(rep.data.cellPhone),
      }),
      { indent: 8 },
    );
  }
  const persons = Array.isArray(source.steps.authorizedPersons?.persons)
    ? (source.steps.authorizedPersons.persons as StepData[])
    : [];
  if (persons.length === 0) {
    layout.paragraph(l.t("toSign.exit.noPersons"));
  } else {
    layout.paragraph(l.t("toSign.exit.personsIntro"));
    for (const person of persons) {
      layout.bullet(
        l.t("toSign.exit.personLine", {
          name: l.personName(person),
          relationship: relationshipOf(l, person),
          identification: l.identification(person.typeIdentification, person.documentNumber),
          phone: l.str(person.cellPhone),
        }),
        { indent: 8 },
      );
    }
  }

  layout.heading(l.t("toSign.exit.scheduleTitle"));
  layout.paragraph(l.t("toSign.exit.schoolDayExit", times));
  if (!upperYear) {
    layout.paragraph(l.t("toSign.exit.exitAloneNotAvailable", times));
  } else {
    layout.paragraph(l.t(exit.exitAlone === true ? "toSign.exit.exitAloneYes" : "toSign.exit.exitAloneNo", times));
    layout.paragraph(
      l.t(exit.middayBreak === true ? "toSign.exit.middayBreakYes" : "toSign.exit.middayBreakNo", times),
    );
    layout.paragraph(l.t(exit.freePeriods === true ? "toSign.exit.freePeriodsYes" : "toSign.exit.freePeriodsNo"));
  }

  layout.heading(l.t("toSign.exit.otherTitle"));
  const allowed = (value: unknown) => l.t(value === true ? "common.authorized" : "common.notAuthorized");
  const preference = l.str(exit.emergencyPreference);
  layout.row(l.t("fields.emergencyPreference"), preference ? l.t(`values.emergencyPreference.${preference}`) : "");
  layout.row(l.t("fields.events"), allowed(exit.events));
  layout.row(l.t("fields.pedagogicExits"), allowed(exit.pedagogicExits));
  layout.row(l.t("fields.publishImage"), allowed(exit.publishImage));
  layout.paragraph(l.t("toSign.exit.responsibility"), { after: 8 });

  // The notary certifies the signatures: keep them and the notary's box on the same page.
  layout.ensureSpace(50 + Math.ceil(reps.length / 2) * 66 + 100);
  layout.heading(l.t("toSign.signature.title"));
  layout.paragraph(l.t("toSign.signature.placeDate"), { after: 10 });
  layout.signatures(signatureBlocks(l, reps));
  layout.box(l.t("toSign.exit.notaryBox"));
}

function imageConsent(layout: PdfLayout, l: Localizer, source: DocumentsSource): void {
  const who = studentIdentity(l, source);
  const photo = source.steps.studentPhoto ?? {};
  const reps = legalRepresentativesOf(source);
  layout.title(l.t("toSign.image.title"));
  layout.subtitle(l.t("toSign.image.subtitle", { year: who.year, code: source.request?.code ?? "" }));
  layout.paragraph(l.t("toSign.image.intro", { ...who, school: source.school.name }), { after: 6 });

  layout.heading(l.t("toSign.image.answersTitle"));
  let recorded: { at: string; version: string } | undefined;
  for (const [field, subject] of Object.entries(PHOTO_CONSENTS)) {
    // The paper the family signs shows its answers; a later withdrawal is on the summary.
    const consent = source.consents.get(subject);
    if (!consent?.withdrawn) recorded ??= consent;
    layout.row(l.t(`fields.${field}`), l.t(photo[field] === true ? "toSign.image.granted" : "toSign.image.refused"));
  }
  if (recorded) {
    layout.paragraph(l.t("toSign.image.recorded", { date: l.dateTime(recorded.at), version: recorded.version }), {
      font: "italic",
      size: 8.5,
    });
  }
  layout.paragraph(l.t("toSign.image.noCommercialUse"));
  layout.paragraph(l.t("toSign.image.revocation"), { after: 8 });

  layout.heading(l.t("toSign.signature.title"));
  layout.paragraph(l.t("toSign.signature.placeDate"), { after: 10 });
  layout.signatures(signatureBlocks(l, reps));
}

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
  contract(layout, l, source);
  layout.freshPage();
  exitAuthorization(layout, l, source);
  layout.freshPage();
  imageConsent(layout, l, source);
  return layout.save();
}
