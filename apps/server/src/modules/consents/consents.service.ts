import { CONSENT_KINDS, CONSENT_SUBJECTS_OF, type ConsentKind, PHOTO_CONSENTS } from "@portal/shared/consents";
import { rolesFor } from "@portal/shared/permissions";
import { isFamilyRole } from "@portal/shared/roles";
import type {
  ChildConsents,
  ConsentStateName,
  ConsentWithdrawalBody,
  FamilyConsents,
  RequestConsents,
} from "@portal/shared/schemas/consents";
import type { AppContext } from "../../context.ts";
import { type Db, nowIso, writeTransaction } from "../../db/database.ts";
import { recordAudit } from "../../kernel/audit-trail.ts";
import { AppError } from "../../lib/errors.ts";
import type { CurrentUser } from "../../plugins/request-types.ts";
import { historyOf, latestBySubject, stateOfChild, stateOfKind, toWithdraw } from "./consent-state.ts";
import * as repo from "./consents.repository.ts";

/*
 * Withdrawing a consent (LOPDP; docs/rules/data-protection.md "Withdrawing a consent"): a family
 * withdraws a child's image or data-use consent from the account area; the withdrawal is a row
 * of `consents` per subject withdrawn, in every file of the child where it was given, with who,
 * when and the text version withdrawn. The staff read where a request's file stands.
 */

const ALL_SUBJECTS = CONSENT_KINDS.flatMap((kind) => CONSENT_SUBJECTS_OF[kind]);

function familyOf(user: CurrentUser): number {
  // The route lets families only; the service stays safe on its own (deny by default).
  if (!isFamilyRole(user.role)) throw new AppError(403, "FORBIDDEN");
  return user.familyId;
}

function groupByFile(rows: readonly repo.ConsentRow[]): Map<number, repo.ConsentRow[]> {
  const byFile = new Map<number, repo.ConsentRow[]>();
  for (const row of rows) byFile.set(row.file_id, [...(byFile.get(row.file_id) ?? []), row]);
  return byFile;
}

/** GET /api/account/consents: each child with an answered consent, and where each consent stands. */
export async function familyConsents(ctx: AppContext, user: CurrentUser): Promise<FamilyConsents> {
  const files = await repo.findFamilyFiles(ctx.db, familyOf(user));
  const rows = await repo.findConsentRows(
    ctx.db,
    files.map((file) => file.file_id),
    ALL_SUBJECTS,
  );
  const byFile = groupByFile(rows);
  const children: ChildConsents[] = [];
  for (const file of files) {
    if (children.some((child) => child.studentId === file.student_id)) continue;
    const own = new Map(
      files.filter((f) => f.student_id === file.student_id).map((f) => [f.file_id, byFile.get(f.file_id) ?? []]),
    );
    const image = stateOfChild(own, "image");
    const dataUse = stateOfChild(own, "dataUse");
    // A child whose consents were never answered has nothing to withdraw: not listed.
    if (image.state === "none" && dataUse.state === "none") continue;
    children.push({ studentId: file.student_id, studentName: file.student_name, image, dataUse });
  }
  return { children };
}

/**
 * POST /api/account/students/:studentId/consent-withdrawals: withdraws what is given of the kind
 * in every file of the child (an older year's photo leaves the exports too). 404 for an unknown
 * child, 403 for another family's, 409 when nothing of the kind is given. Audited (ids only).
 */
export async function withdrawConsent(
  ctx: AppContext,
  user: CurrentUser,
  studentId: number,
  body: ConsentWithdrawalBody,
  meta: { ip: string },
): Promise<FamilyConsents> {
  const familyId = familyOf(user);
  const student = await repo.findStudentFiles(ctx.db, studentId);
  if (!student) throw new AppError(404, "NOT_FOUND");
  if (student.familyUserId !== familyId) throw new AppError(403, "NOT_YOUR_STUDENT");
  await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    // Two presses at once (a double tap): the second reads the first's rows and finds nothing given.
    if (ctx.engine === "postgres") await repo.lockStudent(trx, studentId);
    const rows = await repo.findConsentRows(trx, student.fileIds, CONSENT_SUBJECTS_OF[body.consent]);
    const given = [...groupByFile(rows).values()].flatMap((fileRows) => toWithdraw(fileRows, body.consent));
    if (given.length === 0) throw new AppError(409, "CONSENT_NOT_GIVEN");
    const at = nowIso();
    await repo.insertWithdrawals(
      trx,
      given.map((row) => ({
        user_id: user.id,
        file_id: row.file_id,
        subject: row.subject,
        text_version: row.text_version,
        ip: meta.ip.slice(0, 64),
        created_at: at,
      })),
    );
    await recordAudit(trx, {
      event: "consent.withdrawn",
      actorUserId: user.id,
      subjectUserId: familyId,
      ip: meta.ip,
      details: {
        studentId,
        consent: body.consent,
        fileIds: [...new Set(given.map((row) => row.file_id))],
        versions: [...new Set(given.map((row) => row.text_version))],
      },
    });
  });
  return familyConsents(ctx, user);
}

/** GET /api/requests/:id/consents: where the request's file stands, and its history (staff who see requests). */
export async function requestConsents(ctx: AppContext, user: CurrentUser, requestId: number): Promise<RequestConsents> {
  if (!rolesFor("inscriptionsView").includes(user.role)) throw new AppError(403, "FORBIDDEN");
  const request = await repo.findRequestFile(ctx.db, requestId);
  if (!request) throw new AppError(404, "REQUEST_NOT_FOUND");
  const rows = await repo.findConsentRows(ctx.db, [request.file_id], ALL_SUBJECTS);
  return { image: stateOfKind(rows, "image"), dataUse: stateOfKind(rows, "dataUse"), history: historyOf(rows) };
}

/**
 * The files among `fileIds` whose internal-use photo authorization was withdrawn (its latest row
 * is a withdrawal): the photo exports leave their student photo out.
 */
export async function filesWithImageWithdrawn(db: Db, fileIds: readonly number[]): Promise<Set<number>> {
  const rows = await repo.findConsentRows(db, fileIds, [PHOTO_CONSENTS.authorizeUse]);
  const withdrawn = new Set<number>();
  for (const [fileId, fileRows] of groupByFile(rows)) {
    if (latestBySubject(fileRows).get(PHOTO_CONSENTS.authorizeUse)?.withdrawn === 1) withdrawn.add(fileId);
  }
  return withdrawn;
}

/** Where the image and data-use consents stand in each of `fileIds` (the students report's columns). */
export async function consentStates(
  db: Db,
  fileIds: readonly number[],
): Promise<Map<number, Record<ConsentKind, ConsentStateName>>> {
  const rows = await repo.findConsentRows(db, fileIds, ALL_SUBJECTS);
  return new Map(
    [...groupByFile(rows)].map(([fileId, fileRows]) => [
      fileId,
      { image: stateOfKind(fileRows, "image").state, dataUse: stateOfKind(fileRows, "dataUse").state },
    ]),
  );
}
