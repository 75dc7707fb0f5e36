import { STEP_IDS, type StepId } from "@portal/shared/enrollment-steps";
import type { Language } from "@portal/shared/languages";
import { rolesFor } from "@portal/shared/permissions";
import { asRequestStatus, type RequestStatus } from "@portal/shared/request-status";
import type { RequestModule, StaffStepSave, StaffStepSaved } from "@portal/shared/schemas/request-steps";
import { isStaffEditable, STAFF_EDITABLE_STATUSES, STAFF_EDITABLE_STEPS } from "@portal/shared/staff-modules";
import type { AppContext } from "../../context.ts";
import { nowIso, writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError } from "../../lib/errors.ts";
import type { CurrentUser } from "../../plugins/request-types.ts";
import { propagateAuthorizedPersons } from "../enrollment/authorized-persons.service.ts";
import { listSteps, setFileLevel, updateStudentIdentity } from "../enrollment/enrollment.repository.ts";
import {
  checkStepBody,
  stepDataReader,
  studentIdentityOf,
  uploadProblem,
  wrongUpload,
} from "../enrollment/enrollment.service.ts";
import { contextOfFile } from "../enrollment/file-context.service.ts";
import { replaceStepData } from "../enrollment/known-people.repository.ts";
import { referencedUploads } from "../enrollment/step-schemas.ts";
import { assertIdentityFree, staffIdentityRefusal } from "../enrollment/student-identity.service.ts";
import { openUpload } from "../enrollment/uploads.service.ts";
import { refreshRequestColumns } from "../requests/request-columns.ts";
import { statusLabel } from "../status-texts/status-text-lookup.ts";
import { fieldChanges } from "./field-changes.ts";
import { bumpVersionIf, findRequestFile, type RequestFileRow } from "./request-steps.repository.ts";

/** Who is asking, for the audit log and the messages. */
export interface StaffMeta {
  lang: Language;
  ip: string;
}

const notFound = () => new AppError(404, "REQUEST_NOT_FOUND");

/**
 * The request behind a module page. One the family is filling in or correcting (in process) is
 * theirs until they send it: its pages say so rather than show data about to change.
 */
async function requestFor(ctx: AppContext, id: number): Promise<RequestFileRow & { status: RequestStatus }> {
  const row = await findRequestFile(ctx.db, id);
  if (!row) throw notFound();
  const status = asRequestStatus(row.request_status);
  if (status === "InProcess") throw new AppError(409, "REQUEST_IN_PROCESS");
  return { ...row, status };
}

const canManage = (user: CurrentUser) => rolesFor("inscriptionsManage").includes(user.role);

/** GET /api/requests/:id/module: what every module page of the request needs. */
export async function getRequestModule(ctx: AppContext, user: CurrentUser, id: number): Promise<RequestModule> {
  const row = await requestFor(ctx, id);
  const file = {
    id: row.file_id,
    is_new_student: row.is_new_student,
    student_id: row.student_id,
    school_year_id: row.school_year_id,
  };
  const manage = canManage(user);
  return {
    requestId: row.id,
    code: row.code,
    status: row.status,
    version: row.version,
    fileId: row.file_id,
    schoolYearId: row.school_year_id,
    studentName: row.student_name,
    canManage: manage,
    editableSteps: manage ? STEP_IDS.filter((step) => isStaffEditable(step, row.status)) : [],
    context: await contextOfFile(ctx, file, row.family_user_id),
  };
}

/** "Data safety": every view or export of a medical record is logged (who, when, which student). */
function logMedicalView(ctx: AppContext, user: CurrentUser, meta: StaffMeta, row: RequestFileRow, what: object) {
  return recordAudit(ctx.db, {
    event: "medicalRecord.viewed",
    actorUserId: user.id,
    subjectUserId: row.family_user_id,
    ip: meta.ip,
    details: { requestId: row.id, studentId: row.student_id, fileId: row.file_id, ...what },
  });
}

/** GET /api/requests/:id/steps/:step: a step's saved data, the wizard's shape. */
export async function getRequestStep(ctx: AppContext, user: CurrentUser, meta: StaffMeta, id: number, step: StepId) {
  const row = await requestFor(ctx, id);
  const saved = (await listSteps(ctx.db, row.file_id)).find((s) => s.step === step);
  if (step === "medicalRecord") await logMedicalView(ctx, user, meta, row, { view: "module" });
  return {
    step,
    data: saved ? (JSON.parse(saved.data) as Record<string, unknown>) : null,
    completed: Boolean(saved?.completed_at),
  };
}

/**
 * PUT /api/requests/:id/steps/:step (Admin, Secretaria): staff change a step of a sent record.
 * The same checks as the family's save (the step's shared schema, the rules across steps), the
 * uploads it names must be the family's and of the field's kind (staff do not upload), and the
 * request must still be at the version the page read: two secretaries saving the same record,
 * the second gets 409 and nothing is overwritten. The audit log keeps each changed field's
 * before and after. A save that changes nothing writes nothing.
 */
export async function saveRequestStep(
  ctx: AppContext,
  user: CurrentUser,
  meta: StaffMeta,
  id: number,
  step: StepId,
  body: StaffStepSave,
): Promise<StaffStepSaved> {
  const row = await requestFor(ctx, id);
  if (!STAFF_EDITABLE_STEPS.includes(step)) throw new AppError(409, "STEP_NOT_EDITABLE_BY_STAFF");
  if (!isStaffEditable(step, row.status)) {
    throw new AppError(409, "REQUEST_CLOSED", { status: await statusLabel(ctx, meta.lang, row.status) });
  }
  if (row.version !== body.expectedVersion) throw new AppError(409, "VERSION_CONFLICT");

  const steps = await listSteps(ctx.db, row.file_id);
  const file = { is_new_student: row.is_new_student, student_id: row.student_id, school_year_id: row.school_year_id };
  const data = await checkStepBody(ctx, meta.lang, file, steps, step, body.data);
  // Staff do not upload: every file the data names must be the family's, of the field's kind.
  const problem = await uploadProblem(ctx.db, row.family_user_id, step, referencedUploads(data));
  if (problem) throw wrongUpload(meta.lang, problem.field);

  const changes = fieldChanges(stepDataReader(steps)(step), data);
  if (changes.length === 0) return { version: row.version, changedFields: 0 };
  const now = nowIso();
  const identity = step === "studentFile" ? studentIdentityOf(data) : undefined;
  const student = { id: row.student_id, family_user_id: row.family_user_id };
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const statuses = STAFF_EDITABLE_STATUSES;
    if (!(await bumpVersionIf(trx, { id: row.id, version: body.expectedVersion, statuses, now }))) {
      throw new AppError(409, "VERSION_CONFLICT");
    }
    await replaceStepData(trx, row.file_id, step, data, user.id);
    if (identity) {
      // A student's identification is unique in the school, whoever types it.
      if (identity.documentNumber !== row.document_number) {
        await assertIdentityFree(trx, student, identity.documentNumber);
      }
      await updateStudentIdentity(trx, row.student_id, identity.name, identity.documentNumber);
    }
    if (step === "enrollmentYear") await setFileLevel(trx, row.file_id, String(data.levelCode));
    // The lists show names, documents and the level: they follow the edit.
    await refreshRequestColumns(trx, row.file_id);
    await recordAudit(trx, {
      event: "request.stepEdited",
      actorUserId: user.id,
      subjectUserId: row.family_user_id,
      ip: meta.ip,
      details: { requestId: row.id, code: row.code, step, version: body.expectedVersion + 1, changes },
    });
  }).catch(async (error: unknown) => {
    if (!identity) throw error;
    throw await staffIdentityRefusal(ctx, error, { lang: meta.lang, student, documentNumber: identity.documentNumber });
  });
  // The authorized persons are the family's list, whoever changes it.
  if (step === "authorizedPersons") {
    await propagateAuthorizedPersons(
      ctx,
      { userId: user.id, ip: meta.ip, familyUserId: row.family_user_id },
      { id: row.file_id },
      data,
    );
  }
  return { version: body.expectedVersion + 1, changedFields: changes.length };
}

/**
 * GET /api/requests/:id/uploads/:uploadId: a file the record names (identity document,
 * certificate, photo…), for staff to see inline. Only uploads one of the file's steps refers to;
 * a medical one is logged as a view of the medical record.
 */
export async function openRequestUpload(
  ctx: AppContext,
  user: CurrentUser,
  meta: StaffMeta,
  id: number,
  uploadId: number,
  version: "stored" | "original" = "stored",
) {
  const row = await requestFor(ctx, id);
  const steps = await listSteps(ctx.db, row.file_id);
  const referencedBy = steps.find((s) => referencedUploads(JSON.parse(s.data)).some((r) => r.id === uploadId));
  if (!referencedBy) throw new AppError(404, "NOT_FOUND");
  const upload = await openUpload(ctx, uploadId, version);
  if (referencedBy.step === "medicalRecord") await logMedicalView(ctx, user, meta, row, { uploadId });
  if (version === "original") {
    // The bytes as sent may still hold a script: who took them out of the portal is on record.
    await recordAudit(ctx.db, {
      event: "upload.original.downloaded",
      actorUserId: user.id,
      subjectUserId: row.family_user_id,
      ip: meta.ip,
      details: { requestId: row.id, uploadId },
    });
  }
  return upload;
}
