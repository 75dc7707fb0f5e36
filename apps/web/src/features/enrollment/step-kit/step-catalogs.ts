import { CATALOG_NAMES, type CatalogName } from "@portal/shared/catalogs";

// The catalogues each wizard step chooses from, apart from the step's code (which downloads when
// the step opens): the click that opens a step asks for them beside the step's data
// (prefetch-step.ts) instead of after its code has rendered. The pages that choose from several
// read their list from here; exit authorization and the congratulations read `levels` alone.

export const STUDENT_FILE_CATALOGS = [
  "countries",
  "nationalities",
  "bloodTypes",
  "relationships",
  "identificationTypes",
] as const;

export const REPRESENTATIVE_CATALOGS = [
  "civilStatus",
  "relationships",
  "prefixes",
  "professionalSituations",
  "socioProfessionalCategories",
  "countries",
  "nationalities",
  "identificationTypes",
] as const;

export const AUTHORIZED_PERSONS_CATALOGS = ["relationships", "identificationTypes"] as const;

export const FINANCE_CATALOGS = ["paymentMethods", "identificationTypes"] as const;

export const ACADEMIC_HISTORY_CATALOGS = ["countries", "levels"] as const;

export const ENROLLMENT_YEAR_CATALOGS = ["levels"] as const;

/** By wizard step key (wizard-steps.ts); a step not listed chooses from none. */
export const STEP_CATALOGS = {
  studentFile: [...STUDENT_FILE_CATALOGS, "levels"],
  enrollmentYear: ENROLLMENT_YEAR_CATALOGS,
  firstRepresentative: REPRESENTATIVE_CATALOGS,
  secondRepresentative: REPRESENTATIVE_CATALOGS,
  authorizedPersons: AUTHORIZED_PERSONS_CATALOGS,
  academicHistory: ACADEMIC_HISTORY_CATALOGS,
  financialInformation: FINANCE_CATALOGS,
  exitAuthorization: ["levels"],
  summary: CATALOG_NAMES,
  congratulations: ["levels"],
} as const satisfies Record<string, readonly CatalogName[]>;

export function catalogsOfStep(stepKey: string): readonly CatalogName[] {
  return (STEP_CATALOGS as Record<string, readonly CatalogName[]>)[stepKey] ?? [];
}
