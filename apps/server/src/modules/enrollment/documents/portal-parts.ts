import { PHOTO_CONSENTS } from "@portal/shared/consents";
import { canExitAlone, isLevelCode } from "@portal/shared/rules/levels";
import type { Block, Span } from "@portal/shared/school-documents";
import {
  type DocumentsSource,
  type Localizer,
  representativesOf,
  type SchoolDocumentText,
  type StepData,
} from "./document-source.ts";

/*
 * The parts of a built-in document the portal writes from the file under the school's text
 * (docs/rules/documents.md "Signing online"): the exit authorization's persons, schedule and
 * other authorizations, the image consent's answers. One source for the paper to sign and the
 * text signed online, so both say the same words and the signed text's hash covers them.
 * Built as spans, never parsed as Markdown: a name with `*` stays a name.
 */

const plain = (text: string): Span[] => [{ text, bold: false, italic: false }];
const heading = (text: string): Block => ({ type: "heading", level: 2, spans: plain(text) });
const paragraph = (text: string): Block => ({ type: "paragraph", spans: plain(text) });
const list = (items: Span[][]): Block => ({ type: "list", ordered: false, items });
const row = (label: string, value: string): Span[] => [
  { text: `${label}: `, bold: true, italic: false },
  { text: value, bold: false, italic: false },
];

export function titledName(l: Localizer, person: StepData): string {
  return [l.label("prefixes", person.prefix), l.personName(person)].filter(Boolean).join(" ");
}

function relationshipOf(l: Localizer, person: StepData): string {
  const other = l.str(person.relationshipOther);
  return person.relationshipStudentCode === "OTHER" && other
    ? other
    : l.label("relationships", person.relationshipStudentCode);
}

function personLine(l: Localizer, person: StepData, name: string): Span[] {
  return plain(
    l.t("toSign.exit.personLine", {
      name,
      relationship: relationshipOf(l, person),
      identification: l.identification(person.typeIdentification, person.documentNumber),
      phone: l.str(person.cellPhone),
    }),
  );
}

function exitAuthorizationParts(l: Localizer, source: DocumentsSource): Block[] {
  const exit = source.steps.exitAuthorization ?? {};
  const level = source.levelCode ?? source.steps.enrollmentYear?.levelCode;
  const upperYear = isLevelCode(level) && canExitAlone(level);
  const { schoolDayExit, middayBreakFrom, middayBreakTo } = source.constants;
  const times = { time: schoolDayExit, from: middayBreakFrom, to: middayBreakTo };
  const persons = Array.isArray(source.steps.authorizedPersons?.persons)
    ? (source.steps.authorizedPersons.persons as StepData[])
    : [];

  const blocks: Block[] = [
    heading(l.t("toSign.exit.personsTitle")),
    paragraph(l.t("toSign.exit.representativesIntro")),
    list(representativesOf(source).map((rep) => personLine(l, rep.data, titledName(l, rep.data)))),
  ];
  if (persons.length === 0) blocks.push(paragraph(l.t("toSign.exit.noPersons")));
  else {
    blocks.push(paragraph(l.t("toSign.exit.personsIntro")));
    blocks.push(list(persons.map((person) => personLine(l, person, l.personName(person)))));
  }

  blocks.push(heading(l.t("toSign.exit.scheduleTitle")), paragraph(l.t("toSign.exit.schoolDayExit", times)));
  if (!upperYear) blocks.push(paragraph(l.t("toSign.exit.exitAloneNotAvailable", times)));
  else {
    blocks.push(
      paragraph(l.t(exit.exitAlone === true ? "toSign.exit.exitAloneYes" : "toSign.exit.exitAloneNo", times)),
      paragraph(l.t(exit.middayBreak === true ? "toSign.exit.middayBreakYes" : "toSign.exit.middayBreakNo", times)),
      paragraph(l.t(exit.freePeriods === true ? "toSign.exit.freePeriodsYes" : "toSign.exit.freePeriodsNo")),
    );
  }

  const allowed = (value: unknown) => l.t(value === true ? "common.authorized" : "common.notAuthorized");
  const preference = l.str(exit.emergencyPreference);
  blocks.push(
    heading(l.t("toSign.exit.otherTitle")),
    list([
      row(l.t("fields.emergencyPreference"), preference ? l.t(`values.emergencyPreference.${preference}`) : ""),
      row(l.t("fields.events"), allowed(exit.events)),
      row(l.t("fields.pedagogicExits"), allowed(exit.pedagogicExits)),
      row(l.t("fields.publishImage"), allowed(exit.publishImage)),
    ]),
  );
  return blocks;
}

function imageConsentParts(l: Localizer, source: DocumentsSource): Block[] {
  const photo = source.steps.studentPhoto ?? {};
  const answers: Span[][] = [];
  let recorded: { at: string; version: string } | undefined;
  for (const [field, subject] of Object.entries(PHOTO_CONSENTS)) {
    // The document shows the answers given in the file; a later withdrawal is on the summary.
    const consent = source.consents.get(subject);
    if (!consent?.withdrawn) recorded ??= consent;
    answers.push(
      row(l.t(`fields.${field}`), l.t(photo[field] === true ? "toSign.image.granted" : "toSign.image.refused")),
    );
  }
  const blocks: Block[] = [heading(l.t("toSign.image.answersTitle")), list(answers)];
  if (recorded) {
    blocks.push({
      type: "paragraph",
      spans: [
        {
          text: l.t("toSign.image.recorded", { date: l.dateTime(recorded.at), version: recorded.version }),
          bold: false,
          italic: true,
        },
      ],
    });
  }
  return blocks;
}

/** What the portal writes under a built-in document's text; nothing for the others. */
export function portalParts(l: Localizer, source: DocumentsSource, document: SchoolDocumentText): Block[] {
  if (!document.builtIn) return [];
  if (document.key === "exitAuthorization") return exitAuthorizationParts(l, source);
  if (document.key === "imageConsent") return imageConsentParts(l, source);
  return [];
}
