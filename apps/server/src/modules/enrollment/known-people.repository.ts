import { type Db, nowIso } from "../../db/database.ts";

/** The steps that hold people a family may reuse on a sibling's file. */
export const PEOPLE_STEPS = ["firstRepresentative", "secondRepresentative", "authorizedPersons"] as const;
export type PeopleStep = (typeof PEOPLE_STEPS)[number];

export interface PeopleStepRow {
  file_id: number;
  step: string;
  data: string;
  updated_at: string;
  student_name: string;
}

/**
 * The representative and authorized-person steps saved on the family's files other than
 * `exceptFileId` (every school year), most recently written first.
 */
export function listFamilyPeopleSteps(db: Db, familyUserId: number, exceptFileId: number): Promise<PeopleStepRow[]> {
  return db
    .selectFrom("enrollment_steps as st")
    .innerJoin("enrollment_files as f", "f.id", "st.file_id")
    .innerJoin("students as s", "s.id", "f.student_id")
    .select(["st.file_id", "st.step", "st.data", "st.updated_at", "s.student_name"])
    .where("s.family_user_id", "=", familyUserId)
    .where("f.id", "!=", exceptFileId)
    .where("st.step", "in", PEOPLE_STEPS)
    .orderBy("st.updated_at", "desc")
    .orderBy("st.file_id", "desc")
    .execute();
}

export interface SiblingStepRow {
  file_id: number;
  status: string;
  data: string;
}

/**
 * The family's other files of the same school year as `fileId` whose `step` is saved (completed),
 * whatever their status: the files a family-wide list is written to.
 */
export function listSameYearSiblingSteps(db: Db, fileId: number, step: string): Promise<SiblingStepRow[]> {
  return db
    .selectFrom("enrollment_files as source")
    .innerJoin("students as source_student", "source_student.id", "source.student_id")
    .innerJoin("students as s", "s.family_user_id", "source_student.family_user_id")
    .innerJoin("enrollment_files as f", (join) =>
      join.onRef("f.student_id", "=", "s.id").onRef("f.school_year_id", "=", "source.school_year_id"),
    )
    .innerJoin("enrollment_steps as st", "st.file_id", "f.id")
    .select(["f.id as file_id", "f.status", "st.data"])
    .where("source.id", "=", fileId)
    .where("f.id", "!=", fileId)
    .where("st.step", "=", step)
    .where("st.completed_at", "is not", null)
    .orderBy("f.id")
    .execute();
}

/** Replaces a saved step's data, leaving its completed time as it is. */
export async function replaceStepData(
  db: Db,
  fileId: number,
  step: string,
  data: unknown,
  savedBy: number,
): Promise<void> {
  await db
    .updateTable("enrollment_steps")
    .set({ data: JSON.stringify(data), updated_at: nowIso(), updated_by: savedBy })
    .where("file_id", "=", fileId)
    .where("step", "=", step)
    .execute();
}
