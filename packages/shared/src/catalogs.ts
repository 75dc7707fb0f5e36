/** Catalogues served by GET /api/catalogs/:name. */
export const CATALOG_NAMES = [
  "levels",
  "countries",
  "nationalities",
  "relationships",
  "identificationTypes",
  "civilStatus",
  "bloodTypes",
  "professionalSituations",
  "socioProfessionalCategories",
  "paymentMethods",
  "prefixes",
  "leavingReasons",
] as const;
export type CatalogName = (typeof CATALOG_NAMES)[number];

/** Identification types (spec 3): 1 = cédula (ID card), 2 = passport. */
export const IDENTIFICATION_TYPE = { cedula: 1, passport: 2 } as const;

/**
 * What the Admin may do with each catalogue on Settings › Catalogues (docs/rules/settings.md "Catalogues"
 * "Catalogues"). `full`: add, rename, reorder, disable, delete an unused entry. `renameOnly`:
 * the codes are part of the rules (levels: the school's structure, whose order decides the next
 * level; identification types: 1 and 2 are checked by code), so only their labels change.
 * `readOnly`: ISO 3166 data, shown but never edited.
 */
export type CatalogEditing = "full" | "renameOnly" | "readOnly";
export const CATALOG_EDITING: Record<CatalogName, CatalogEditing> = {
  levels: "renameOnly",
  countries: "readOnly",
  nationalities: "readOnly",
  relationships: "full",
  identificationTypes: "renameOnly",
  civilStatus: "full",
  bloodTypes: "full",
  professionalSituations: "full",
  socioProfessionalCategories: "full",
  paymentMethods: "full",
  prefixes: "full",
  leavingReasons: "full",
};

/**
 * Entries the forms name by code (relationship OTHER asks for a free text; prefix "Sr." is the
 * representative's default): renamed and reordered, never disabled or deleted.
 */
export const PROTECTED_CATALOG_CODES: Partial<Record<CatalogName, readonly string[]>> = {
  relationships: ["OTHER"],
  prefixes: ["Sr."],
  // The answer "leaves" with no reason in the list picks this one.
  leavingReasons: ["OTHER"],
};

/** Longest code each catalogue's form fields accept (the step schemas' `codeField(max)`); 40 otherwise. */
export const CATALOG_CODE_MAX: Partial<Record<CatalogName, number>> = { prefixes: 10, bloodTypes: 5 };
export const catalogCodeMax = (name: CatalogName): number => CATALOG_CODE_MAX[name] ?? 40;
