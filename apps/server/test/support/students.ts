import { nowIso } from "../../src/db/database.ts";
import { cedulaFor } from "./documents.ts";
import type { TestApp } from "./test-app.ts";

/**
 * A student row written straight into the database, for specs that build sent requests without
 * the wizard. Its cédula is made from its own id (`cedulaFor`, province 09): a student's
 * identification is unique in the school, and specs run in parallel on one database.
 */
export async function insertStudentRow(
  t: TestApp,
  opts: { familyId: number; name: string; isTestData?: boolean; at?: string },
): Promise<{ id: number; documentNumber: string }> {
  const at = opts.at ?? nowIso();
  const row = await t.ctx.db
    .insertInto("students")
    .values({
      family_user_id: opts.familyId,
      student_name: opts.name,
      document_number: "",
      is_test_data: opts.isTestData ? 1 : 0,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const documentNumber = cedulaFor(row.id, 9);
  await t.ctx.db.updateTable("students").set({ document_number: documentNumber }).where("id", "=", row.id).execute();
  return { id: row.id, documentNumber };
}
