import { translate as translateKey } from "@portal/i18n/translate";
import { isStepOpen, nextOpenStep, STEP_IDS, type StepId } from "@portal/shared/enrollment-steps";
import type { Language } from "@portal/shared/languages";
import type { EnrollmentCard, FileSummary } from "@portal/shared/schemas/enrollment-responses";
import type { AppContext } from "../../context.ts";
import { writeTransaction } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { validationError } from "../../plugins/errors.ts";
import type { CurrentUser } from "../../plugins/request-types.ts";
import { findSchoolYear } from "../school-years/school-years.repository.ts";
import { recordConsents } from "./consents.repository.ts";
import {
  type FileRow,
  findFileForYear,
  findFileWithStudent,
  findPreviousFile,
  findRequestByFile,
  findStudent,
  findUploads,
  insertFile,
  insertStudent,
  listFamilyStudents,
  listSteps,
  type StudentRow,
  setFileLevel,
  updateStudentIdentity,
  upsertStep,
} from "./enrollment.repository.ts";
import { crossStepProblem } from "./step-rules.ts";
import { asLevel, referencedUploads, type StepContext, schemaForStep } from "./step-schemas.ts";
import { uploadKindFor } from "./upload-kinds.ts";

/** Spec 6: 'You are not authorized to make modifications on this student'. */
const notYours = () => new AppError(403, "NOT_YOUR_STUDENT");

/** Steps a re-enrollment copies from the last file as drafts: not the year's choices and consents. */
const PREFILLED_STEPS: readonly StepId[] = [
  "studentFile",
  "firstRepresentative",
  "secondRepresentative",
  "authorizedPersons",
  "academicHistory",
  "financialInformation",
  "schoolTransport",
  "medicalRecord",
];

async function ownStudent(ctx: AppContext, user: CurrentUser, studentId: number): Promise<StudentRow> {
  const student = await findStudent(ctx.db, studentId);
  if (!student) throw new AppError(404, "NOT_FOUND");
  if (student.family_user_id !== user.id) throw notYours();
  return student;
}

export async function ownFile(
  ctx: AppContext,
  user: CurrentUser,
  fileId: number,
): Promise<{ file: FileRow; student: StudentRow }> {
  const found = await findFileWithStudent(ctx.db, fileId);
  if (!found) throw new AppError(404, "NOT_FOUND");
  if (found.student.family_user_id !== user.id) throw notYours();
  return found;
}

export function completedOf(steps: { step: string; completed_at: string | null }[]): StepId[] {
  return STEP_IDS.filter((id) => steps.some((s) => s.step === id && s.completed_at !== null));
}

export async function summarize(ctx: AppContext, file: FileRow, student: StudentRow): Promise<FileSummary> {
  return summaryOf(file, student, completedOf(await listSteps(ctx.db, file.id)));
}

function summaryOf(file: FileRow, student: StudentRow, completedSteps: StepId[]): FileSummary {
  return {
    id: file.id,
    studentId: student.id,
    schoolYearId: file.school_year_id,
    isNewStudent: file.is_new_student === 1,
    status: file.status === "sent" ? "sent" : "draft",
    studentName: student.student_name,
    completedSteps,
    nextStep: nextOpenStep(completedSteps),
  };
}

type StepRow = { step: string; data: string; completed_at: string | null };

/** Reads a step's saved data from the file's rows ({} when the step was never saved). */
export function stepDataReader(steps: StepRow[]) {
  return (id: StepId): Record<string, unknown> => {
    const row = steps.find((s) => s.step === id);
    return row ? (JSON.parse(row.data) as Record<string, unknown>) : {};
  };
}

/** What the step rules need to know about the file: the same for saving a step and for sending. */
export async function stepContext(
  ctx: AppContext,
  file: FileRow,
  dataOf: (id: StepId) => Record<string, unknown>,
): Promise<StepContext> {
  const previous =
    file.is_new_student === 1 ? undefined : await findPreviousFile(ctx.db, file.student_id, file.school_year_id);
  const birthDate = dataOf("studentFile").birthDate;
  return {
    isNewStudent: file.is_new_student === 1,
    previousLevel: asLevel(previous?.level_code),
    requestedLevel: asLevel(dataOf("enrollmentYear").levelCode),
    birthDate: typeof birthDate === "string" ? birthDate : null,
  };
}

/** The welcome cards: every student of the family, with where this year's file stands. */
export async function listCards(ctx: AppContext, user: CurrentUser, schoolYearId: number): Promise<EnrollmentCard[]> {
  const cards: EnrollmentCard[] = [];
  for (const student of await listFamilyStudents(ctx.db, user.id)) {
    const file = await findFileForYear(ctx.db, student.id, schoolYearId);
    const completed = file ? completedOf(await listSteps(ctx.db, file.id)) : [];
    const request = file ? await findRequestByFile(ctx.db, file.id) : undefined;
    cards.push({
      studentId: student.id,
      studentName: student.student_name,
      fileId: file?.id ?? null,
      status: !file ? "notStarted" : file.status === "sent" ? "sent" : "inProgress",
      completedCount: completed.length,
      totalSteps: STEP_IDS.length,
      nextStep: file ? nextOpenStep(completed) : STEP_IDS[0],
      requestStatus: request?.request_status ?? null,
    });
  }
  return cards;
}

/**
 * Starts this year's file: a new student (first enrollment), or a re-enrollment of one of the
 * family's students prefilled from the latest file, each copied step a draft to confirm. Asking
 * again for the same student and year returns the file that exists.
 */
export async function startFile(
  ctx: AppContext,
  user: CurrentUser,
  schoolYearId: number,
  studentId: number | undefined,
): Promise<{ summary: FileSummary; created: boolean }> {
  const year = await findSchoolYear(ctx.db, schoolYearId);
  if (!year?.enrollmentOpen) throw new AppError(409, "ENROLLMENT_CLOSED");
  if (studentId !== undefined) {
    const student = await ownStudent(ctx, user, studentId);
    const existing = await findFileForYear(ctx.db, student.id, schoolYearId);
    if (existing) return { summary: await summarize(ctx, existing, student), created: false };
  }
  const fileId = await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const id = studentId ?? (await insertStudent(trx, user.id, user.isTestData));
    const newFileId = await insertFile(trx, { studentId: id, schoolYearId, isNewStudent: studentId === undefined });
    const previous = studentId === undefined ? undefined : await findPreviousFile(trx, id, schoolYearId);
    if (previous) {
      for (const row of await listSteps(trx, previous.id)) {
        if ((PREFILLED_STEPS as readonly string[]).includes(row.step)) {
          await upsertStep(trx, newFileId, row.step, JSON.parse(row.data), false);
        }
      }
    }
    return newFileId;
  });
  const { file, student } = await ownFile(ctx, user, fileId);
  return { summary: await summarize(ctx, file, student), created: true };
}

export async function getSummary(ctx: AppContext, user: CurrentUser, fileId: number): Promise<FileSummary> {
  const { file, student } = await ownFile(ctx, user, fileId);
  return summarize(ctx, file, student);
}

export async function getStep(ctx: AppContext, user: CurrentUser, fileId: number, step: StepId) {
  await ownFile(ctx, user, fileId);
  const row = (await listSteps(ctx.db, fileId)).find((s) => s.step === step);
  return {
    step,
    data: row ? (JSON.parse(row.data) as Record<string, unknown>) : null,
    completed: Boolean(row?.completed_at),
  };
}

/**
 * Saves a step as the family's draft and marks it complete: the file must be theirs and still a
 * draft, the step open (every earlier step complete), the body valid for the step's shared schema,
 * and every referenced upload theirs.
 */
export async function saveStep(
  ctx: AppContext,
  user: CurrentUser,
  meta: { lang: Language; ip: string },
  fileId: number,
  step: StepId,
  body: unknown,
): Promise<FileSummary> {
  const { file, student } = await ownFile(ctx, user, fileId);
  if (file.status !== "draft") throw new AppError(409, "FILE_LOCKED");
  const steps = await listSteps(ctx.db, file.id);
  const done = completedOf(steps);
  if (!isStepOpen(step, done)) throw new AppError(409, "STEP_LOCKED");

  const dataOf = stepDataReader(steps);
  const schema = schemaForStep(step, body, await stepContext(ctx, file, dataOf));
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationError(meta.lang, parsed.error);
  const data = parsed.data as Record<string, unknown>;

  const problem =
    step === "enrollmentYear" && data.schoolYearId !== file.school_year_id
      ? { field: "schoolYearId", message: "validation:invalidType" }
      : crossStepProblem(step, data, (id) => (steps.some((s) => s.step === id) ? dataOf(id) : undefined));
  if (problem) {
    throw new AppError(400, "VALIDATION_ERROR", {}, { [problem.field]: translateKey(meta.lang, problem.message) });
  }
  // Each referenced upload must be this family's, and of the kind the field asks for.
  const references = referencedUploads(data);
  const uploads = await findUploads(ctx.db, [...new Set(references.map((r) => r.id))]);
  for (const { field, id } of references) {
    const upload = uploads.find((u) => u.id === id);
    if (upload?.family_user_id !== user.id) throw notYours();
    if (upload.kind !== uploadKindFor(step, field)) {
      throw new AppError(400, "VALIDATION_ERROR", {}, { [field]: translateKey(meta.lang, "validation:fileKind") });
    }
  }

  const savedName =
    step === "studentFile" ? [data.names, data.firstName, data.secondName].filter(Boolean).join(" ") : undefined;
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    await upsertStep(trx, file.id, step, data, true);
    if (savedName !== undefined) {
      await updateStudentIdentity(trx, student.id, savedName, String(data.documentNumber ?? ""));
    }
    if (step === "enrollmentYear") await setFileLevel(trx, file.id, String(data.levelCode));
    await recordConsents(trx, { userId: user.id, fileId: file.id, ip: meta.ip, step, data });
  });
  // The summary follows from what was just written: no second round of reads on the hot path.
  const completed = STEP_IDS.filter((id) => id === step || done.includes(id));
  return summaryOf(file, { ...student, student_name: savedName ?? student.student_name }, completed);
}
