import type { Insertable } from "kysely";
import type { Db } from "../../db/database.ts";
import type { Database } from "../../db/types.ts";

export function listTemplateRows(db: Db) {
  return db.selectFrom("file_templates").selectAll().orderBy("step").orderBy("id").execute();
}

export function findTemplateRow(db: Db, id: number) {
  return db.selectFrom("file_templates").selectAll().where("id", "=", id).executeTakeFirst();
}

export function listTemplateFileRows(db: Db, templateId?: number) {
  let query = db.selectFrom("file_template_files").selectAll().orderBy("template_id").orderBy("language");
  if (templateId !== undefined) query = query.where("template_id", "=", templateId);
  return query.execute();
}

export function findTemplateFileRow(db: Db, templateId: number, language: string) {
  return db
    .selectFrom("file_template_files")
    .selectAll()
    .where("template_id", "=", templateId)
    .where("language", "=", language)
    .executeTakeFirst();
}

export async function insertTemplateRow(db: Db, values: Insertable<Database["file_templates"]>): Promise<number> {
  const row = await db.insertInto("file_templates").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** False when someone saved the template since `version` (or deleted it). */
export async function updateTemplateRow(
  db: Db,
  id: number,
  version: number,
  values: { step: string; title_es: string; title_en: string; title_fr: string; updated_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable("file_templates")
    .set({ ...values, version: version + 1 })
    .where("id", "=", id)
    .where("version", "=", version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks a template changed (a file uploaded or removed), so an open edit form gets 409. */
export async function touchTemplateRow(db: Db, id: number, now: string): Promise<void> {
  await db
    .updateTable("file_templates")
    .set((eb) => ({ version: eb("version", "+", 1), updated_at: now }))
    .where("id", "=", id)
    .execute();
}

export async function deleteTemplateRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom("file_template_files").where("template_id", "=", id).execute();
  await db.deleteFrom("file_templates").where("id", "=", id).execute();
}

export async function insertTemplateFileRow(db: Db, values: Insertable<Database["file_template_files"]>) {
  await db.insertInto("file_template_files").values(values).execute();
}

export async function replaceTemplateFileRow(
  db: Db,
  id: number,
  values: Pick<
    Insertable<Database["file_template_files"]>,
    "original_name" | "size" | "sha256" | "storage_key" | "uploaded_by" | "uploaded_at"
  >,
) {
  await db.updateTable("file_template_files").set(values).where("id", "=", id).execute();
}

export async function deleteTemplateFileRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom("file_template_files").where("id", "=", id).execute();
}
