import type { BreachDetail, BreachInput } from "@portal/shared/schemas/breaches";

/** An empty incident, the clocks starting from now once saved. */
export const EMPTY_BREACH: BreachInput = {
  title: "",
  description: "",
  occurredAt: "",
  discoveredAt: "",
  categories: [],
  familyScope: "none",
  familyIds: [],
  schoolYearId: null,
  rightsAtRisk: false,
  measures: "",
  contact: "",
};

/** The form's values of a saved breach. */
export function formValuesOf(breach: BreachDetail): BreachInput {
  return {
    title: breach.title,
    description: breach.description,
    occurredAt: breach.occurredAt,
    discoveredAt: breach.discoveredAt,
    categories: breach.categories,
    familyScope: breach.familyScope,
    familyIds: breach.selectedFamilies.map((family) => family.id),
    schoolYearId: breach.schoolYearId,
    rightsAtRisk: breach.rightsAtRisk,
    measures: breach.measures,
    contact: breach.contact,
  };
}

export const BREACH_FIELDS = [
  "title",
  "description",
  "occurredAt",
  "discoveredAt",
  "categories",
  "familyScope",
  "familyIds",
  "schoolYearId",
  "measures",
  "contact",
] as const;
