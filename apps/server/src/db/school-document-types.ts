import type { Generated } from "kysely";

/* The school's own documents (migration 0046; docs/rules/documents.md "The school's own documents"). */

/** A document of a school year and the rule of which requests need it. */
export interface SchoolDocumentsTable {
  id: Generated<number>;
  school_year_id: number;
  /** A built-in key (packages/shared/src/school-documents.ts) or `custom-<n>`. */
  key: string;
  position: number;
  built_in: Generated<number>;
  /** DOCUMENT_AUDIENCES. */
  audience: Generated<string>;
  /** JSON array of level codes; null = every level. */
  levels: string | null;
  version: Generated<number>;
  created_at: string;
}

/** A version of a document's text: a draft while `published_at` is null, frozen once published. */
export interface SchoolDocumentVersionsTable {
  id: Generated<number>;
  document_id: number;
  number: number;
  title_es: string;
  title_en: string;
  title_fr: string;
  body_es: string;
  body_en: string;
  body_fr: string;
  created_by: number | null;
  created_at: string;
  published_by: number | null;
  published_at: string | null;
}

/** The year's fees text, for the `{{fees}}` field. */
export interface SchoolDocumentFeesTable {
  school_year_id: number;
  fees_es: string;
  fees_en: string;
  fees_fr: string;
  version: number;
  updated_by: number | null;
  updated_at: string;
}

/** The version an enrollment file's documents were drawn with (written once). */
export interface FileDocumentVersionsTable {
  file_id: number;
  document_id: number;
  version_id: number;
  pinned_at: string;
}
