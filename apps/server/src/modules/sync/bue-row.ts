import { BUE_EXPORT_COLUMNS, type BueExportColumn, type BueExportRow } from "@portal/shared/schemas/sync";

/*
 * The row the BUE receives for one request (docs/api.md "Sync with the BUE"): the same function
 * writes the export and shows the preview on the request's BUE page, so both always agree.
 */

export type StepData = Record<string, unknown>;

export interface BueRequestFacts {
  code: string;
  schoolYearLabel: string;
  levelCode: string | null;
  isNewStudent: number;
  studentFile: StepData | null;
  firstRepresentative: StepData | null;
  secondRepresentative: StepData | null;
}

const str = (value: unknown): string =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : "";

/** The second representative's step when it names a person (not declined, not empty). */
export function presentRepresentative(data: StepData | null): StepData | null {
  if (!data || data.declined === true || str(data.names) === "") return null;
  return data;
}

function representative(prefix: "rep1" | "rep2", data: StepData | null): Partial<BueExportRow> {
  const person = presentRepresentative(data);
  return {
    [`${prefix}ContactCodeBue`]: str(person?.contactCodeBue),
    [`${prefix}FirstSurname`]: str(person?.firstName),
    [`${prefix}SecondSurname`]: str(person?.secondName),
    [`${prefix}Names`]: str(person?.names),
    [`${prefix}DocumentType`]: str(person?.typeIdentification),
    [`${prefix}DocumentNumber`]: str(person?.documentNumber),
    [`${prefix}Email`]: str(person?.email),
    [`${prefix}CellPhone`]: str(person?.cellPhone),
  };
}

export function bueExportRow(facts: BueRequestFacts): BueExportRow {
  const student = facts.studentFile ?? {};
  const values: Partial<BueExportRow> = {
    requestCode: facts.code,
    schoolYear: facts.schoolYearLabel,
    levelCode: facts.levelCode ?? "",
    isNewStudent: facts.isNewStudent ? "1" : "0",
    studentCode: str(student.studentCode),
    studentFirstSurname: str(student.firstName),
    studentSecondSurname: str(student.secondName),
    studentNames: str(student.names),
    studentGender: str(student.gender),
    studentBirthDate: str(student.birthDate),
    studentDocumentType: str(student.typeIdentification),
    studentDocumentNumber: str(student.documentNumber),
    studentNationality: str(student.primaryNationality),
    ...representative("rep1", facts.firstRepresentative),
    ...representative("rep2", facts.secondRepresentative),
  };
  return Object.fromEntries(
    BUE_EXPORT_COLUMNS.map((column: BueExportColumn) => [column, values[column] ?? ""]),
  ) as BueExportRow;
}
