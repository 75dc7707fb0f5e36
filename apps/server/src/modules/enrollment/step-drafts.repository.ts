import type { Db } from "../../db/database.ts";

/** The draft of a step, with when the step itself was last saved (null: never). */
export async function findStepDraft(
  db: Db,
  fileId: number,
  step: string,
): Promise<{ valuesJson: string; updatedAt: string; typedBy: number | null; stepSavedAt: string | null } | undefined> {
  return db
    .selectFrom("step_drafts")
    .leftJoin("enrollment_steps", (join) =>
      join
        .onRef("enrollment_steps.file_id", "=", "step_drafts.file_id")
        .onRef("enrollment_steps.step", "=", "step_drafts.step"),
    )
    .select([
      "step_drafts.values_json as valuesJson",
      "step_drafts.updated_at as updatedAt",
      "step_drafts.typed_by as typedBy",
      "enrollment_steps.updated_at as stepSavedAt",
    ])
    .where("step_drafts.file_id", "=", fileId)
    .where("step_drafts.step", "=", step)
    .executeTakeFirst();
}

export async function upsertStepDraft(
  db: Db,
  draft: { fileId: number; step: string; valuesJson: string; updatedAt: string; typedBy: number },
): Promise<void> {
  const values = { values_json: draft.valuesJson, updated_at: draft.updatedAt, typed_by: draft.typedBy };
  await db
    .insertInto("step_drafts")
    .values({ file_id: draft.fileId, step: draft.step, ...values })
    .onConflict((oc) => oc.columns(["file_id", "step"]).doUpdateSet(values))
    .execute();
}

/** Deletes the step's draft; with `typedBy`, only if that account typed it. */
export async function deleteStepDraft(db: Db, fileId: number, step: string, typedBy?: number): Promise<void> {
  let query = db.deleteFrom("step_drafts").where("file_id", "=", fileId).where("step", "=", step);
  if (typedBy !== undefined) query = query.where("typed_by", "=", typedBy);
  await query.execute();
}
