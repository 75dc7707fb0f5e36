import type { Db } from "../../db/database.ts";
import type { SchoolDocumentVersionsTable } from "../../db/school-document-types.ts";

/* Settings › Documents' queries (docs/rules/documents.md "The school's own documents"). */

export function listYearDocuments(db: Db, schoolYearId: number) {
  return db
    .selectFrom("school_documents")
    .selectAll()
    .where("school_year_id", "=", schoolYearId)
    .orderBy("position")
    .orderBy("id")
    .execute();
}
export type DocumentRow = Awaited<ReturnType<typeof listYearDocuments>>[number];

export function findDocument(db: Db, documentId: number) {
  return db.selectFrom("school_documents").selectAll().where("id", "=", documentId).executeTakeFirst();
}

/** Every version of the given documents, with who published each, oldest first. */
export function listVersions(db: Db, documentIds: number[]) {
  if (documentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("school_document_versions as v")
    .leftJoin("users as u", "u.id", "v.published_by")
    .selectAll("v")
    .select("u.email as published_by_email")
    .where("v.document_id", "in", documentIds)
    .orderBy("v.document_id")
    .orderBy("v.number")
    .execute();
}
export type VersionRow = Awaited<ReturnType<typeof listVersions>>[number];

export function findVersionsById(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom("school_document_versions").selectAll().where("id", "in", ids).execute();
}

export async function insertDocument(
  db: Db,
  row: { school_year_id: number; key: string; position: number; built_in: number; created_at: string },
): Promise<number | undefined> {
  const inserted = await db
    .insertInto("school_documents")
    .values(row)
    .onConflict((oc) => oc.columns(["school_year_id", "key"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted?.id;
}

export async function insertVersion(db: Db, row: Omit<SchoolDocumentVersionsTable, "id">): Promise<number> {
  const inserted = await db
    .insertInto("school_document_versions")
    .values(row)
    .returning("id")
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateDraft(
  db: Db,
  versionId: number,
  texts: Pick<SchoolDocumentVersionsTable, "title_es" | "title_en" | "title_fr" | "body_es" | "body_en" | "body_fr">,
): Promise<void> {
  await db
    .updateTable("school_document_versions")
    .set(texts)
    .where("id", "=", versionId)
    .where("published_at", "is", null)
    .execute();
}

export async function markPublished(db: Db, versionId: number, by: number, at: string): Promise<void> {
  await db
    .updateTable("school_document_versions")
    .set({ published_by: by, published_at: at })
    .where("id", "=", versionId)
    .where("published_at", "is", null)
    .execute();
}

/** Moves the document's version if still `expected`; false when someone changed it meanwhile. */
export async function bumpDocument(
  db: Db,
  documentId: number,
  expected: number,
  set: { audience?: string; levels?: string | null } = {},
): Promise<boolean> {
  const result = await db
    .updateTable("school_documents")
    .set({ ...set, version: expected + 1 })
    .where("id", "=", documentId)
    .where("version", "=", expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findFees(db: Db, schoolYearId: number) {
  return db
    .selectFrom("school_document_fees")
    .selectAll()
    .where("school_year_id", "=", schoolYearId)
    .executeTakeFirst();
}

export async function writeFees(
  db: Db,
  schoolYearId: number,
  expected: number,
  row: { fees_es: string; fees_en: string; fees_fr: string; updated_by: number; updated_at: string },
): Promise<boolean> {
  if (expected === 0) {
    const inserted = await db
      .insertInto("school_document_fees")
      .values({ school_year_id: schoolYearId, version: 1, ...row })
      .onConflict((oc) => oc.column("school_year_id").doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const updated = await db
    .updateTable("school_document_fees")
    .set({ ...row, version: expected + 1 })
    .where("school_year_id", "=", schoolYearId)
    .where("version", "=", expected)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export function listSchoolYearIds(db: Db) {
  return db.selectFrom("school_years").select(["id", "label", "starts_on"]).execute();
}

export function findSchoolYear(db: Db, id: number) {
  return db.selectFrom("school_years").select(["id", "label"]).where("id", "=", id).executeTakeFirst();
}

export function listPins(db: Db, fileId: number) {
  return db.selectFrom("file_document_versions").selectAll().where("file_id", "=", fileId).execute();
}

export async function insertPins(
  db: Db,
  rows: { file_id: number; document_id: number; version_id: number; pinned_at: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("file_document_versions")
    .values(rows)
    .onConflict((oc) => oc.columns(["file_id", "document_id"]).doNothing())
    .execute();
}

/** A sent request of the year by its code (the settings' preview). */
export function findRequestByCode(db: Db, code: string, schoolYearId: number) {
  return db
    .selectFrom("requests")
    .select(["id", "file_id", "code"])
    .where("code", "=", code)
    .where("school_year_id", "=", schoolYearId)
    .executeTakeFirst();
}

export async function findCurrentYearId(db: Db): Promise<number | undefined> {
  const row = await db.selectFrom("school_years").select("id").where("is_current", "=", 1).executeTakeFirst();
  return row?.id;
}
