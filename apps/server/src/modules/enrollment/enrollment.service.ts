import { translate as translateKey } from "@portal/i18n/translate";
import { isStepOpen, nextOpenStep, STEP_IDS, type StepId } from "@portal/shared/enrollment-steps";
import type { Language } from "@portal/shared/languages";
import { isFamilyRole, type Role } from "@portal/shared/roles";
import type { EnrollmentCard, FileSummary } from "@portal/shared/schemas/enrollment-responses";
import { keepStaffOnlyFields } from "@portal/shared/staff-modules";
import type { AppContext } from "../../context.ts";
import { type Db, writeTransaction } from "../../db/database.ts";
import { findSchoolYear } from "../../kernel/school-years.ts";
import { AppError } from "../../lib/errors.ts";
import { validationError } from "../../plugins/errors.ts";
import type { CurrentUser } from "../../plugins/request-types.ts";
import { refusedChoiceField } from "../catalogs/catalog-choice.ts";
import { readLevelsOffered } from "../school-years/levels-offered.ts";
import { assertStepReopened, correctionOf, reopenedStepsOf } from "../workflow/correction.service.ts";
import { propagateAuthorizedPersons } from "./authorized-persons.service.ts";
import { carriesConsents, recordConsents } from "./consents.repository.ts";
import {
  type FileRow,
  findFileForYear,
  findFileWithSteps,
  findFileWithStudent,
  findPreviousFile,
  findRequestByFile,
  findStepSaver,
  findStudent,
  findUploads,
  insertFile,
  insertStudent,
  listFamilyStudents,
  listSteps,
  type StepFileRow,
  type StepRow,
  type StepStudentRow,
  type StudentRow,
  saveCompletedStepIf,
  setFileLevel,
  updateStudentIdentity,
  upsertStep,
} from "./enrollment.repository.ts";
import { representativeEmailWarning } from "./representative-emails.service.ts";
import { crossStepProblem } from "./step-rules.ts";
import { asLevel, referencedUploads, type StepContext, schemaForStep } from "./step-schemas.ts";
import { assertIdentityFree, familyIdentityRefusal } from "./student-identity.service.ts";
import { uploadKindFor } from "./upload-kinds.ts";

/** The person who acted: the account, or the staff member acting for its family at the desk. */
export function actorOf(user: CurrentUser): number {
  return user.desk?.staffId ?? user.id;
}

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
  if (student.family_user_id !== user.familyId) throw notYours();
  return student;
}

export async function ownFile(
  ctx: AppContext,
  user: CurrentUser,
  fileId: number,
): Promise<{ file: FileRow; student: StudentRow }> {
  const found = await findFileWithStudent(ctx.db, fileId);
  if (!found) throw new AppError(404, "NOT_FOUND");
  if (found.student.family_user_id !== user.familyId) throw notYours();
  return found;
}

/** The file with its student and steps, in one query; 404 when missing, 403 when another family's. */
async function ownFileWithSteps(
  ctx: AppContext,
  user: CurrentUser,
  fileId: number,
): Promise<{ file: StepFileRow; student: StepStudentRow; steps: StepRow[] }> {
  const found = await findFileWithSteps(ctx.db, fileId);
  if (!found) throw new AppError(404, "NOT_FOUND");
  if (found.student.family_user_id !== user.familyId) throw notYours();
  return found;
}

export function completedOf(steps: { step: string; completed_at: string | null }[]): StepId[] {
  return STEP_IDS.filter((id) => steps.some((s) => s.step === id && s.completed_at !== null));
}

export async function summarize(ctx: AppContext, file: FileRow, student: StudentRow): Promise<FileSummary> {
  return summaryOf(file, student, completedOf(await listSteps(ctx.db, file.id)), await reopenedStepsOf(ctx.db, file));
}

function summaryOf(
  file: Pick<FileRow, "id" | "school_year_id" | "is_new_student" | "status">,
  student: Pick<StudentRow, "id" | "student_name">,
  completedSteps: StepId[],
  reopenedSteps: StepId[] | null,
): FileSummary {
  return {
    id: file.id,
    studentId: student.id,
    schoolYearId: file.school_year_id,
    isNewStudent: file.is_new_student === 1,
    status: file.status === "sent" ? "sent" : "draft",
    studentName: student.student_name,
    completedSteps,
    nextStep: nextOpenStep(completedSteps),
    reopenedSteps,
  };
}

/** Reads a step's saved data from the file's rows ({} when the step was never saved). */
export function stepDataReader(steps: Pick<StepRow, "step" | "data">[]) {
  return (id: StepId): Record<string, unknown> => {
    const row = steps.find((s) => s.step === id);
    return row ? (JSON.parse(row.data) as Record<string, unknown>) : {};
  };
}

/**
 * What the step rules need to know about the file: the same for saving a step and for sending.
 * With `forStep`, the previous file (a query) is only looked up when that step's rules use it.
 */
export async function stepContext(
  ctx: AppContext,
  file: Pick<FileRow, "is_new_student" | "student_id" | "school_year_id">,
  dataOf: (id: StepId) => Record<string, unknown>,
  forStep?: StepId,
): Promise<StepContext> {
  const needsPrevious = file.is_new_student !== 1 && (forStep === undefined || forStep === "enrollmentYear");
  const previous = needsPrevious ? await findPreviousFile(ctx.db, file.student_id, file.school_year_id) : undefined;
  const birthDate = dataOf("studentFile").birthDate;
  const needsLevels = forStep === undefined || forStep === "enrollmentYear";
  const savedPreviousLevel = dataOf("academicHistory").previousLevel;
  return {
    isNewStudent: file.is_new_student === 1,
    previousLevel: asLevel(previous?.level_code),
    requestedLevel: asLevel(dataOf("enrollmentYear").levelCode),
    birthDate: typeof birthDate === "string" ? birthDate : null,
    offeredLevels: needsLevels ? await readLevelsOffered(ctx.db, file.school_year_id) : null,
    savedPreviousLevel: typeof savedPreviousLevel === "string" ? savedPreviousLevel : null,
  };
}

/** The welcome cards: every student of the family, with where this year's file stands. */
export async function listCards(ctx: AppContext, user: CurrentUser, schoolYearId: number): Promise<EnrollmentCard[]> {
  const cards: EnrollmentCard[] = [];
  for (const student of await listFamilyStudents(ctx.db, user.familyId)) {
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
      ...correctionOf(request),
      // The school office rejected the student photo: the card asks for a new one.
      photoRejection: request?.photo_status === "rejected" ? { reason: request.photo_rejection_reason ?? "" } : null,
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
  if (!year) throw new AppError(409, "ENROLLMENT_CLOSED");
  if (studentId !== undefined) {
    const student = await ownStudent(ctx, user, studentId);
    // A file already started stays reachable when its window has closed since.
    const existing = await findFileForYear(ctx.db, student.id, schoolYearId);
    if (existing) return { summary: await summarize(ctx, existing, student), created: false };
    // Each kind of file opens only within its own window (Settings › School year).
    if (!year.reEnrollment.open) throw new AppError(409, "REENROLLMENT_CLOSED");
  } else if (!year.newEnrollment.open) {
    throw new AppError(409, "NEW_ENROLLMENT_CLOSED");
  }
  const fileId = await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const id = studentId ?? (await insertStudent(trx, user.familyId, user.isTestData));
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
  return { summary: await getSummary(ctx, user, fileId), created: true };
}

export async function getSummary(ctx: AppContext, user: CurrentUser, fileId: number): Promise<FileSummary> {
  const { file, student, steps } = await ownFileWithSteps(ctx, user, fileId);
  return summaryOf(file, student, completedOf(steps), await reopenedStepsOf(ctx.db, file));
}

export async function getStep(ctx: AppContext, user: CurrentUser, fileId: number, step: StepId) {
  const { steps } = await ownFileWithSteps(ctx, user, fileId);
  const row = steps.find((s) => s.step === step);
  const data = row ? (JSON.parse(row.data) as Record<string, unknown>) : null;
  return {
    step,
    data,
    completed: Boolean(row?.completed_at),
    savedBy: row ? await savedByOther(ctx, user, fileId, step) : null,
    ...(await representativeEmailWarning(ctx, user.familyId, step, data)),
  };
}

/**
 * Who saved the step last when it was not this account: the household's other parent by name, or
 * the school. Staff who edited a sent file are not named to families; a step entered at the desk
 * for the family names who entered it (docs/rules/staff-workflow.md "Walk-in families").
 */
async function savedByOther(ctx: AppContext, user: CurrentUser, fileId: number, step: StepId) {
  const saver = await findStepSaver(ctx.db, fileId, step);
  if (!saver || saver.id === user.id) return null;
  const named = `${saver.names} ${saver.first_surname}`;
  if (saver.desk_staff_id !== null && saver.desk_staff_id === saver.id) {
    return { name: named, school: true, atDesk: true, at: saver.updated_at };
  }
  const family = isFamilyRole(saver.role as Role);
  return { name: family ? named : null, school: !family, at: saver.updated_at };
}

/**
 * A step's body checked as the server checks every save, the family's and the staff's: the step's
 * shared schema with the file's context, the file's own school year, and the rules across steps.
 * Answers the parsed data; a problem is a 400 naming the field, in `lang`.
 */
export async function checkStepBody(
  ctx: AppContext,
  lang: Language,
  file: Pick<FileRow, "is_new_student" | "student_id" | "school_year_id">,
  steps: Pick<StepRow, "step" | "data">[],
  step: StepId,
  body: unknown,
): Promise<Record<string, unknown>> {
  const dataOf = stepDataReader(steps);
  const schema = schemaForStep(step, body, await stepContext(ctx, file, dataOf, step));
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationError(lang, parsed.error);
  const data = parsed.data as Record<string, unknown>;
  const problem =
    step === "enrollmentYear" && data.schoolYearId !== file.school_year_id
      ? { field: "schoolYearId", message: "validation:invalidType" }
      : crossStepProblem(step, data, (id) => (steps.some((s) => s.step === id) ? dataOf(id) : undefined));
  if (problem) {
    throw new AppError(400, "VALIDATION_ERROR", {}, { [problem.field]: translateKey(lang, problem.message) });
  }
  // A new choice must be an enabled entry of its list (the Admin disables or deletes some);
  // a value the step already held stays.
  const refused = await refusedChoiceField(ctx.db, data, dataOf(step));
  if (refused) throw new AppError(400, "VALIDATION_ERROR", {}, { [refused]: translateKey(lang, "validation:choice") });
  return data;
}

/** The student's name and document number as the cards and the search show them, from step 2's data. */
export function studentIdentityOf(data: Record<string, unknown>): { name: string; documentNumber: string } {
  return {
    name: [data.names, data.firstName, data.secondName].filter(Boolean).join(" "),
    documentNumber: String(data.documentNumber ?? ""),
  };
}

/**
 * The first upload a step's data names that is not the family's, or not of the kind its field
 * asks for (a photo where a PDF goes), and why; null when every one is as required. Family saves,
 * staff saves and the photo replacement all check this.
 */
export async function uploadProblem(
  db: Db,
  familyUserId: number,
  step: StepId,
  references: readonly { field: string; id: number }[],
): Promise<{ field: string; reason: "notTheFamilys" | "wrongKind" } | null> {
  const uploads = await findUploads(db, [...new Set(references.map((r) => r.id))]);
  for (const { field, id } of references) {
    const upload = uploads.find((u) => u.id === id);
    if (upload?.family_user_id !== familyUserId) return { field, reason: "notTheFamilys" };
    if (upload.kind !== uploadKindFor(step, field)) return { field, reason: "wrongKind" };
  }
  return null;
}

/** 400 on the field that names an upload it cannot take. */
export function wrongUpload(lang: Language, field: string): AppError {
  return new AppError(400, "VALIDATION_ERROR", {}, { [field]: translateKey(lang, "validation:fileKind") });
}

/**
 * Saves a step as the family's draft and marks it complete: the file must be theirs and still a
 * draft, the step open (every earlier step complete), the body valid for the step's shared schema,
 * and every referenced upload theirs.
 *
 * The hot path of the wizard (bench:steps: 50 families saving at once), so it reads the
 * file, its student and its steps in one query, skips writes that would change nothing, writes a
 * save that is a single statement without a transaction, and answers from what it holds in memory.
 */
export async function saveStep(
  ctx: AppContext,
  user: CurrentUser,
  meta: { lang: Language; ip: string },
  fileId: number,
  step: StepId,
  body: unknown,
): Promise<FileSummary> {
  const { file, student, steps } = await ownFileWithSteps(ctx, user, fileId);
  if (file.status !== "draft") throw new AppError(409, "FILE_LOCKED");
  // A draft that was sent before is being corrected: only the reopened steps may change.
  const reopened = file.sent_at !== null ? await assertStepReopened(ctx.db, file.id, step) : null;
  const done = completedOf(steps);
  if (!isStepOpen(step, done)) throw new AppError(409, "STEP_LOCKED");

  // The school's own codes (BUE, accounting) stay as stored, whatever the family's body says.
  const stored = steps.find((s) => s.step === step);
  const data = keepStaffOnlyFields(
    step,
    await checkStepBody(ctx, meta.lang, file, steps, step, body),
    stored ? (JSON.parse(stored.data) as Record<string, unknown>) : null,
  );
  // Each referenced upload must be this family's, and of the kind the field asks for: the save
  // itself checks it (one query less on the hot path); when it writes nothing, we say why.
  const references = referencedUploads(data);
  const required = references.flatMap(({ field, id }) => {
    const kind = uploadKindFor(step, field);
    return kind ? [{ id, familyUserId: user.familyId, kind }] : [];
  });
  const refusal = async (db: Db): Promise<AppError> => {
    const problem = await uploadProblem(db, user.familyId, step, references);
    if (problem?.reason === "notTheFamilys") return notYours();
    if (problem) return wrongUpload(meta.lang, problem.field);
    return new AppError(409, "FILE_LOCKED"); // the uploads are fine: the file was sent since we read it
  };

  // The student's name and document number are copied for cards and search, the requested level
  // onto the file: only written when they change.
  const identity = step === "studentFile" ? studentIdentityOf(data) : undefined;
  const identityChanged =
    identity !== undefined &&
    (identity.name !== student.student_name || identity.documentNumber !== student.document_number);
  const levelCode = step === "enrollmentYear" ? String(data.levelCode) : undefined;
  const levelChanged = levelCode !== undefined && levelCode !== file.level_code;
  // Written only while the file is a draft (a send may have happened since the read) and the uploads are as required.
  const saveTheStep = async (db: Db) => {
    const saved =
      required.length === references.length &&
      (await saveCompletedStepIf(db, file.id, step, data, required, actorOf(user), user.desk?.staffId));
    if (!saved) throw await refusal(db);
  };
  if (!identityChanged && !levelChanged && !carriesConsents(step)) {
    await saveTheStep(ctx.db);
  } else {
    await writeTransaction(ctx.db, ctx.engine, async (trx) => {
      await saveTheStep(trx);
      if (identity && identityChanged) {
        // A student's identification is unique in the school.
        if (identity.documentNumber !== student.document_number) {
          await assertIdentityFree(trx, student, identity.documentNumber);
        }
        await updateStudentIdentity(trx, student.id, identity.name, identity.documentNumber);
      }
      if (levelCode !== undefined && levelChanged) await setFileLevel(trx, file.id, levelCode);
      // At the desk the consent is still the family's (the parent signs the paper form); the
      // staff member who recorded it is kept beside it.
      await recordConsents(trx, {
        userId: user.id,
        fileId: file.id,
        ip: meta.ip,
        step,
        data,
        deskStaffId: user.desk?.staffId ?? null,
      });
    }).catch(async (error: unknown) => {
      if (!identity) throw error;
      throw await familyIdentityRefusal(ctx, error, {
        ...meta,
        student,
        fileId: file.id,
        documentNumber: identity.documentNumber,
      });
    });
  }
  // The authorized persons are the family's list: the same list goes to its other files this year.
  if (step === "authorizedPersons")
    await propagateAuthorizedPersons(ctx, { userId: user.id, ip: meta.ip, familyUserId: user.familyId }, file, data);
  // The summary follows from what was just written: no second round of reads on the hot path.
  const completed = STEP_IDS.filter((id) => id === step || done.includes(id));
  return {
    ...summaryOf(file, { ...student, student_name: identity?.name ?? student.student_name }, completed, reopened),
    // Spec 5 "same e-mail": saved all the same, the family is asked to check it.
    ...(await representativeEmailWarning(ctx, user.familyId, step, data, { userId: user.id, ip: meta.ip, fileId })),
  };
}
