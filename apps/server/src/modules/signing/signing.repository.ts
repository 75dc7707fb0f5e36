import type { Insertable, Updateable } from "kysely";
import type { Db, Engine } from "../../db/database.ts";
import type { SigningDocumentsTable, SigningSignersTable } from "../../db/signing-types.ts";

/* Signing online (docs/rules/documents.md "Signing online"): the requests, documents and signers. Queries only. */

/** A sent request with what signing needs of its file, its family and its sender. */
function requestQuery(db: Db) {
  return db
    .selectFrom("requests")
    .innerJoin("enrollment_files", "enrollment_files.id", "requests.file_id")
    .innerJoin("students", "students.id", "enrollment_files.student_id")
    .leftJoin("users as sender", "sender.id", "requests.user_id")
    .select([
      "requests.id as requestId",
      "requests.code as code",
      "requests.request_status as requestStatus",
      "requests.school_year_id as schoolYearId",
      "requests.user_id as senderId",
      "sender.language as senderLanguage",
      "enrollment_files.id as fileId",
      "enrollment_files.status as fileStatus",
      "enrollment_files.is_new_student as isNewStudent",
      "enrollment_files.level_code as levelCode",
      "students.family_user_id as familyId",
      "students.student_name as studentName",
    ]);
}

export type SigningRequestRow = NonNullable<Awaited<ReturnType<typeof findRequestByFile>>>;

export function findRequestByFile(db: Db, fileId: number) {
  return requestQuery(db).where("requests.file_id", "=", fileId).executeTakeFirst();
}

export function findRequestById(db: Db, requestId: number) {
  return requestQuery(db).where("requests.id", "=", requestId).executeTakeFirst();
}

export type SigningDocumentRow = Awaited<ReturnType<typeof listDocuments>>[number];

export function listDocuments(db: Db, requestId: number) {
  return db.selectFrom("signing_documents").selectAll().where("request_id", "=", requestId).orderBy("id").execute();
}

export function findDocument(db: Db, requestId: number, documentId: number) {
  return db
    .selectFrom("signing_documents")
    .selectAll()
    .where("request_id", "=", requestId)
    .where("document_id", "=", documentId)
    .executeTakeFirst();
}

export function findDocumentById(db: Db, id: number) {
  return db.selectFrom("signing_documents").selectAll().where("id", "=", id).executeTakeFirst();
}

/** PostgreSQL, inside a transaction: holds the document's row until it ends (SQLite's write lock already does). */
export async function lockDocument(db: Db, engine: Engine, id: number): Promise<void> {
  if (engine === "postgres")
    await db.selectFrom("signing_documents").select("id").where("id", "=", id).forUpdate().execute();
}

/** The new row's id, or undefined when another reader made it first (unique request and document). */
export async function insertDocument(db: Db, row: Insertable<SigningDocumentsTable>): Promise<number | undefined> {
  const inserted = await db
    .insertInto("signing_documents")
    .values(row)
    .onConflict((oc) => oc.columns(["request_id", "document_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted?.id;
}

/** Moves the document on, bumping its version; false when `expectedVersion` is stale. */
export async function updateDocument(
  db: Db,
  id: number,
  expectedVersion: number,
  values: Updateable<SigningDocumentsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable("signing_documents")
    .set((eb) => ({ ...values, version: eb("version", "+", 1) }))
    .where("id", "=", id)
    .where("version", "=", expectedVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type SignerRow = Awaited<ReturnType<typeof listSigners>>[number];

export function listSigners(db: Db, documentIds: number[]) {
  if (documentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("signing_signers")
    .selectAll()
    .where("signing_document_id", "in", documentIds)
    .orderBy("id")
    .execute();
}

export async function insertSigner(db: Db, row: Insertable<SigningSignersTable>): Promise<number | undefined> {
  const inserted = await db
    .insertInto("signing_signers")
    .values(row)
    .onConflict((oc) => oc.columns(["signing_document_id", "role"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted?.id;
}

export async function updateSigner(db: Db, id: number, values: Updateable<SigningSignersTable>): Promise<void> {
  await db.updateTable("signing_signers").set(values).where("id", "=", id).execute();
}

/** Marks the signer signed; false when it already was (a second tab, a repeated click). */
export async function markSigned(
  db: Db,
  id: number,
  values: {
    signed_at: string;
    typed_name: string | null;
    ip: string;
    user_agent: string | null;
    name?: string;
    user_id?: number;
  },
): Promise<boolean> {
  const result = await db
    .updateTable("signing_signers")
    .set(values)
    .where("id", "=", id)
    .where("signed_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findSignerByLink(db: Db, tokenHash: string) {
  return db
    .selectFrom("signing_signers")
    .innerJoin("signing_documents", "signing_documents.id", "signing_signers.signing_document_id")
    .select([
      "signing_signers.id as signerId",
      "signing_signers.link_expires_at as linkExpiresAt",
      "signing_documents.request_id as requestId",
      "signing_documents.document_id as documentId",
    ])
    .where("signing_signers.link_token_hash", "=", tokenHash)
    .executeTakeFirst();
}

export function findUserNames(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("users")
    .select(["id", "names", "first_surname", "second_surname"])
    .where("id", "in", ids)
    .execute();
}

/** Versions of the school's documents: their number, titles and document key (the state's titles). */
export function findVersions(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("school_document_versions")
    .innerJoin("school_documents", "school_documents.id", "school_document_versions.document_id")
    .select([
      "school_document_versions.id",
      "school_document_versions.number",
      "school_document_versions.title_es",
      "school_document_versions.title_en",
      "school_document_versions.title_fr",
      "school_documents.key",
    ])
    .where("school_document_versions.id", "in", ids)
    .execute();
}

/** The family's accounts (the first and a joined second parent): their e-mails and languages. */
export function familyAccounts(db: Db, familyId: number) {
  return db
    .selectFrom("users")
    .select(["id", "email", "language"])
    .where((eb) => eb.or([eb("id", "=", familyId), eb("household_owner_id", "=", familyId)]))
    .execute();
}

/** The language of the account holding an e-mail, if one does (a link's e-mail in its reader's language). */
export async function languageOfEmail(db: Db, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("users")
    .select("language")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .executeTakeFirst();
  return row?.language;
}

export async function outboxStatus(db: Db, id: number): Promise<string | undefined> {
  return (await db.selectFrom("mail_outbox").select("status").where("id", "=", id).executeTakeFirst())?.status;
}
