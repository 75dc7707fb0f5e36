import type { AppContext } from "../../context.ts";

/**
 * Erasing an applicant (the student, its files, uploads and requests) is the erasure module's
 * work (apps/server/src/modules/erasure), so a purge and a family's erasure request remove the
 * same things. Until that module is there, applicants past their period are selected and reported
 * as kept ("erasureUnavailable"), never half-deleted here.
 */
export type ApplicantEraser = (ctx: AppContext, studentId: number, meta: { runId: number }) => Promise<void>;

export const applicantEraser: ApplicantEraser | undefined = undefined;
