import type { Generated } from "kysely";

/* Signing online (migration 0047; docs/rules/documents.md "Signing online"). */

/** One document to sign of one sent request. */
export interface SigningDocumentsTable {
  id: Generated<number>;
  request_id: number;
  file_id: number;
  document_id: number;
  /** The version in force until the first signature, then the one signed (frozen). */
  version_id: number;
  /** The request's language: the language of the account that sent the file. */
  language: string;
  /** SIGNING_STATUSES. */
  status: string;
  /** The filled text as first signed; every later signer signs this same text. */
  signed_text: string | null;
  /** SHA-256 (hex) of the UTF-8 of signed_text. */
  text_sha256: string | null;
  final_storage_key: string | null;
  /** SHA-256 (hex) of the final PDF's bytes as served. */
  final_sha256: string | null;
  /** 10 characters, Crockford base32, unique. */
  verification_code: string | null;
  sealed: Generated<number>;
  completed_at: string | null;
  /** Optimistic version (countersign carries it). */
  version: Generated<number>;
  created_at: string;
}

/** A representative or the school, signing one document. */
export interface SigningSignersTable {
  id: Generated<number>;
  signing_document_id: number;
  /** SIGNER_ROLES. */
  role: string;
  name: string;
  identification: string | null;
  email: string | null;
  user_id: number | null;
  /** SHA-256 (hex) of the e-mailed link's token; the token itself is never stored. */
  link_token_hash: string | null;
  link_expires_at: string | null;
  link_sent_at: string | null;
  signed_at: string | null;
  typed_name: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
}

/** A one-time code sent to a signer (only its hash, salted with the signer id). */
export interface SigningCodesTable {
  id: Generated<number>;
  signer_id: number;
  code_hash: string;
  expires_at: string;
  tries: Generated<number>;
  used_at: string | null;
  created_at: string;
}

/** The evidence: what happened to a document to sign, when, from where. */
export interface SigningEventsTable {
  id: Generated<number>;
  signing_document_id: number;
  signer_id: number | null;
  /** SIGNING_EVENT_KINDS. */
  kind: string;
  at: string;
  ip: string | null;
  user_agent: string | null;
  user_id: number | null;
  detail: string | null;
}
