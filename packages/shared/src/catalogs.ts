/** Catalogues served by GET /api/catalogs/:name (issue #2). */
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
] as const;
export type CatalogName = (typeof CATALOG_NAMES)[number];

/** Identification types (spec 3): 1 = cédula (ID card), 2 = passport. */
export const IDENTIFICATION_TYPE = { cedula: 1, passport: 2 } as const;
