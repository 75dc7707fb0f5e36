import type { Db } from "../../../db/database.ts";
import type { FileDocumentsTable } from "../../../db/types.ts";

type Key = { fileId: number; kind: string; language: string };

export function findStoredDocument(db: Db, key: Key) {
  return db
    .selectFrom("file_documents")
    .selectAll()
    .where("file_id", "=", key.fileId)
    .where("kind", "=", key.kind)
    .where("language", "=", key.language)
    .executeTakeFirst();
}

/** Records a newly drawn PDF in place of the previous one; answers the previous file's name. */
export async function replaceStoredDocument(db: Db, row: FileDocumentsTable): Promise<string | undefined> {
  const key = { fileId: row.file_id, kind: row.kind, language: row.language };
  const previous = await findStoredDocument(db, key);
  if (previous) {
    await db
      .updateTable("file_documents")
      .set({ digest: row.digest, storage_key: row.storage_key, size: row.size, generated_at: row.generated_at })
      .where("file_id", "=", row.file_id)
      .where("kind", "=", row.kind)
      .where("language", "=", row.language)
      .execute();
  } else {
    await db.insertInto("file_documents").values(row).execute();
  }
  return previous?.storage_key;
}
