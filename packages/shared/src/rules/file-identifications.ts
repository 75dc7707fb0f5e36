/**
 * Each person of one enrollment file has an identification of their own (spec 3 and 5: the exit
 * authorisation is notarised with these numbers). No legal representative or authorised person
 * may carry the student's number, and no two people of the file the same one. Numbers compare as
 * typed on the document, ignoring case, spaces, dots and dashes, whatever the identification type
 * (a cédula number typed as a passport is still that person's cédula). The server checks it when
 * a step is saved, knowing the file's other steps (docs/rules/enrollment.md "The wizard's steps").
 */

export const PEOPLE_STEPS = [
  "studentFile",
  "firstRepresentative",
  "secondRepresentative",
  "authorizedPersons",
] as const;
export type PeopleStep = (typeof PEOPLE_STEPS)[number];

export type IdentificationClashMessage =
  | "validation.sameIdentificationAsStudent"
  | "validation.sameIdentificationRepresentative"
  | "validation.sameIdentificationInFile"
  | "validation.duplicateDocument";

export interface IdentificationClash {
  /** The field of the step being saved, e.g. ["documentNumber"] or ["persons", 1, "documentNumber"]. */
  path: (string | number)[];
  message: IdentificationClashMessage;
}

/** "17-1430.7103 " → "1714307103": the number as the rule compares it ("" when none). */
export function comparableIdentification(value: unknown): string {
  return typeof value === "string" ? value.replace(/[\s.-]/g, "").toUpperCase() : "";
}

interface Person {
  step: PeopleStep;
  path: (string | number)[];
  number: string;
}

function peopleOf(step: PeopleStep, data: Record<string, unknown> | undefined): Person[] {
  if (!data) return [];
  if (step === "authorizedPersons") {
    const persons = Array.isArray(data.persons) ? (data.persons as Record<string, unknown>[]) : [];
    return persons.map((person, index) => ({
      step,
      path: ["persons", index, "documentNumber"],
      number: comparableIdentification(person?.documentNumber),
    }));
  }
  // A declined second representative names nobody.
  if (data.declined === true) return [];
  return [{ step, path: ["documentNumber"], number: comparableIdentification(data.documentNumber) }];
}

function messageFor(mine: Person, theirs: Person): IdentificationClashMessage {
  if (theirs.step === "studentFile") return "validation.sameIdentificationAsStudent";
  if (mine.step === theirs.step) return "validation.duplicateDocument";
  const representatives = ["firstRepresentative", "secondRepresentative"];
  if (representatives.includes(mine.step) && representatives.includes(theirs.step)) {
    return "validation.sameIdentificationRepresentative";
  }
  return "validation.sameIdentificationInFile";
}

/**
 * The first person of the step being saved (`data`) whose number is the student's or another
 * person's of the file; `other` gives the file's other saved steps. Null when every number is its
 * own, or when the step names no people.
 */
export function identificationClash(
  step: string,
  data: Record<string, unknown>,
  other: (step: PeopleStep) => Record<string, unknown> | undefined,
): IdentificationClash | null {
  if (!(PEOPLE_STEPS as readonly string[]).includes(step)) return null;
  const saving = step as PeopleStep;
  const mine = peopleOf(saving, data);
  const theirs = PEOPLE_STEPS.filter((id) => id !== saving).flatMap((id) => peopleOf(id, other(id)));
  for (const [index, person] of mine.entries()) {
    if (person.number === "") continue;
    // The student first: the clash a family most needs to hear about.
    const others = [...theirs, ...mine.slice(0, index)].sort(
      (a, b) => Number(b.step === "studentFile") - Number(a.step === "studentFile"),
    );
    const same = others.find((candidate) => candidate.number === person.number);
    if (same) return { path: person.path, message: messageFor(person, same) };
  }
  return null;
}
