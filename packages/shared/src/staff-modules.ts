import type { StepId } from "./enrollment-steps.ts";
import type { RequestStatus } from "./request-status.ts";

/**
 * The staff's module pages (spec 2 hidden detail pages): one per wizard data step, the
 * route id `inscriptions.module.<module>` in routes.ts, showing that step's data with the wizard's
 * own form. Welcome, Summary and Congratulations have none.
 */
export const STAFF_MODULES = [
  { module: "studentRecord", step: "studentFile" },
  { module: "enrollmentYear", step: "enrollmentYear" },
  { module: "conditionsAndTerms", step: "terms" },
  { module: "firstRepresentative", step: "firstRepresentative" },
  { module: "secondRepresentative", step: "secondRepresentative" },
  { module: "authorizedPersons", step: "authorizedPersons" },
  { module: "studentPhoto", step: "studentPhoto" },
  { module: "academicRecord", step: "academicHistory" },
  { module: "financialInformation", step: "financialInformation" },
  { module: "schoolTransport", step: "schoolTransport" },
  { module: "exitAuthorization", step: "exitAuthorization" },
  { module: "medicalRecord", step: "medicalRecord" },
] as const satisfies readonly { module: string; step: StepId }[];
export type StaffModule = (typeof STAFF_MODULES)[number]["module"];

/** The route id of a step's module page. */
export function moduleRouteId(step: StepId): string {
  const found = STAFF_MODULES.find((entry) => entry.step === step);
  if (!found) throw new Error(`no module page for step ${step}`);
  return `inscriptions.module.${found.module}`;
}

/**
 * Steps staff may change (docs/rules/staff-workflow.md "Module pages"): not the terms and the photo authorizations, which
 * are the family's own consents (recorded with who and when), nor the photo itself, which staff
 * approve or reject on the photos page.
 */
export const STAFF_EDITABLE_STEPS: readonly StepId[] = STAFF_MODULES.map((entry) => entry.step).filter(
  (step) => step !== "terms" && step !== "studentPhoto",
);

/**
 * Request statuses in which staff may change a record's data: an open request. In process is the
 * family's turn (nothing is shown), and a closed request (refused, discontinued, cancelled,
 * finished) is restored first.
 */
export const STAFF_EDITABLE_STATUSES: readonly RequestStatus[] = [
  "Untreated",
  "Restored",
  "Accepted",
  "Validated",
  "Confirmed",
];

export function isStaffEditable(step: StepId, status: RequestStatus): boolean {
  return STAFF_EDITABLE_STEPS.includes(step) && STAFF_EDITABLE_STATUSES.includes(status);
}

/**
 * The school's own fields in the families' steps: codes the school's student database
 * (BUE) or its accounting gives, filled by staff or the BUE import. Families neither see nor change
 * them: a family's save keeps what is stored (or nothing), whatever its body says.
 */
export const STAFF_ONLY_FIELDS: Partial<Record<StepId, readonly string[]>> = {
  studentFile: ["studentCode"],
  firstRepresentative: ["contactCodeBue"],
  secondRepresentative: ["contactCodeBue"],
  financialInformation: ["contactCode", "studentCodeSchoolYear", "requestCode"],
};

/** A family's step data with the school's own fields as they were stored (dropped when none was). */
export function keepStaffOnlyFields(
  step: StepId,
  data: Record<string, unknown>,
  stored: Record<string, unknown> | null,
): Record<string, unknown> {
  const fields = STAFF_ONLY_FIELDS[step];
  if (!fields) return data;
  const kept = { ...data };
  for (const field of fields) {
    if (stored && stored[field] !== undefined) kept[field] = stored[field];
    else delete kept[field];
  }
  return kept;
}
