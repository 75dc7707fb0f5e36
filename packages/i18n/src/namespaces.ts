/**
 * Who reads which catalog, so the browser downloads only what it shows. The server
 * reads every namespace synchronously (resources.ts); the web loads them per language, in two
 * groups (apps/web/src/lib/i18n.ts). Deliberately free of imports: vite.config.ts reads it to put
 * each group of a language in one chunk. namespaces.test.ts checks the lists cover every catalog.
 */

/** Read by the server only (e-mails, the generated PDFs): never part of the web build. */
export const SERVER_ONLY_NAMESPACES = ["email", "documents"] as const;

/**
 * Loaded before the first screen shows, whatever it is: login and the other public pages, page
 * titles (routes), error messages and form validation, which must never show as raw keys.
 */
export const FIRST_SCREEN_NAMESPACES = ["common", "auth", "errors", "validation", "routes", "shell"] as const;

/** The rest of the web's strings: loaded with the signed-in shell, before any of its screens. */
export const SIGNED_IN_NAMESPACES = [
  "account",
  "settings",
  "fileSettings",
  "enrollment",
  "documentsPage",
  "photoExport",
  "inscriptions",
  "dashboard",
  "photos",
  "reports",
  "audit",
  "catalogAdmin",
  "users",
  "schoolYears",
  "requestTabs",
  "statusTexts",
  "emailTexts",
  "schoolDocuments",
  "medicalRecords",
  "sync",
  "elections",
  "retention",
  "breaches",
  "dataRights",
  "campaigns",
  "messages",
  "desk",
  "signing",
] as const;

export type WebNamespace = (typeof FIRST_SCREEN_NAMESPACES)[number] | (typeof SIGNED_IN_NAMESPACES)[number];
