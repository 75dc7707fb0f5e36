import { isLevelCode } from "@portal/shared/rules/levels";
import type { Db } from "../../db/database.ts";
import { normaliseForSearch, searchText } from "./search-text.ts";

/** A saved step as stored (`enrollment_steps`): its id and its JSON. */
export interface StoredStep {
  step: string;
  data: string;
}

/** The columns of `requests` the staff's lists read (migration 0004). */
export interface RequestListColumns {
  student_name: string;
  student_sort_name: string;
  student_document: string;
  level_code: string | null;
  is_new_student: number;
  first_representative_name: string;
  first_representative_document: string;
  second_representative_name: string;
  second_representative_document: string;
  first_representative_sort_name: string;
  second_representative_sort_name: string;
  search_text: string;
}

/** A step's stored JSON as an object; anything unreadable reads as empty. */
export function parseStepData(data: string | undefined): Record<string, unknown> {
  if (!data) return {};
  try {
    const value = JSON.parse(data) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const str = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** "Names FirstSurname SecondSurname", the way the cards and the documents name a person. */
export function personName(data: Record<string, unknown>): string {
  return [str(data.names), str(data.firstName), str(data.secondName)].filter(Boolean).join(" ");
}

/**
 * What a request's list row shows, from its file's steps (the JSON each step's schema produced)
 * and the file's new-student flag. Written when the file is sent; a declined second
 * representative leaves the second name and document empty.
 */
export function requestListColumns(
  steps: readonly StoredStep[],
  file: { is_new_student: number; level_code?: string | null },
): RequestListColumns {
  const dataOf = (id: string) => parseStepData(steps.find((s) => s.step === id)?.data);
  const student = dataOf("studentFile");
  const first = dataOf("firstRepresentative");
  const second = dataOf("secondRepresentative");
  const declined = second.declined === true;
  const studentName = personName(student).slice(0, 250);
  const studentDocument = str(student.documentNumber).slice(0, 20);
  const firstName = personName(first).slice(0, 250);
  const firstDocument = str(first.documentNumber).slice(0, 20);
  const secondName = declined ? "" : personName(second).slice(0, 250);
  const secondDocument = declined ? "" : str(second.documentNumber).slice(0, 20);
  const level = str(dataOf("enrollmentYear").levelCode) || file.level_code || null;
  return {
    student_name: studentName,
    student_sort_name: normaliseForSearch(studentName).slice(0, 250),
    student_document: studentDocument,
    level_code: isLevelCode(level) ? level : null,
    is_new_student: file.is_new_student === 1 ? 1 : 0,
    first_representative_name: firstName,
    first_representative_document: firstDocument,
    second_representative_name: secondName,
    second_representative_document: secondDocument,
    first_representative_sort_name: normaliseForSearch(firstName).slice(0, 250),
    second_representative_sort_name: normaliseForSearch(secondName).slice(0, 250),
    search_text: searchText({
      student: `${studentName} ${studentDocument}`,
      first: `${firstName} ${firstDocument}`,
      second: `${secondName} ${secondDocument}`,
    }),
  };
}

/**
 * Recomputes the list columns of the request of file `fileId` from what the database holds now
 * (after a send, or after staff edit a step). Answers false when the file has no request.
 */
export async function refreshRequestColumns(db: Db, fileId: number): Promise<boolean> {
  const file = await db
    .selectFrom("enrollment_files")
    .select(["is_new_student", "level_code"])
    .where("id", "=", fileId)
    .executeTakeFirst();
  if (!file) return false;
  const steps = await db
    .selectFrom("enrollment_steps")
    .select(["step", "data"])
    .where("file_id", "=", fileId)
    .where("step", "in", ["studentFile", "enrollmentYear", "firstRepresentative", "secondRepresentative"])
    .execute();
  const result = await db
    .updateTable("requests")
    .set(requestListColumns(steps, file))
    .where("file_id", "=", fileId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
