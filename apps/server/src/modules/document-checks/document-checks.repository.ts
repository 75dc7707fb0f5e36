import type { Db } from "../../db/database.ts";

/*
 * The public checker's queries (docs/rules/documents.md "Checking a document"): a completed signed
 * document found by its verification code or by the SHA-256 of its final PDF, and what the answer
 * may show of it. Read-only, on the signing tables (migration 0047) and the documents' titles.
 */

function completedDocuments(db: Db) {
  return db
    .selectFrom("signing_documents as d")
    .innerJoin("school_document_versions as v", "v.id", "d.version_id")
    .select(["d.id", "d.completed_at", "d.sealed", "v.title_es", "v.title_en", "v.title_fr"])
    .where("d.status", "=", "complete");
}

export function findCompletedByCode(db: Db, code: string) {
  return completedDocuments(db).where("d.verification_code", "=", code).executeTakeFirst();
}

export function findCompletedBySha256(db: Db, sha256: string) {
  return completedDocuments(db).where("d.final_sha256", "=", sha256).executeTakeFirst();
}
export type CheckedDocumentRow = NonNullable<Awaited<ReturnType<typeof findCompletedByCode>>>;

/** Who signed it, in the order the final PDF lists them. */
export function listSignatures(db: Db, signingDocumentId: number) {
  return db
    .selectFrom("signing_signers")
    .select(["role", "name", "signed_at"])
    .where("signing_document_id", "=", signingDocumentId)
    .where("signed_at", "is not", null)
    .orderBy("id")
    .execute();
}
