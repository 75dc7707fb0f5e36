import { STEP_IDS } from "@portal/shared/enrollment-steps";
import type { SentFile } from "@portal/shared/schemas/enrollment-responses";
import type { AppContext } from "../../context.ts";
import { nowIso, writeTransaction } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import type { CurrentUser } from "../../plugins/request-types.ts";
import { requestListColumns } from "../requests/request-columns.ts";
import { resendAfterCorrection } from "../workflow/correction.service.ts";
import { insertHistory } from "../workflow/workflow.repository.ts";
import { planSentFileMails, queueSentFileMails } from "./documents/sent-file-mail.ts";
import { findFile, listSteps } from "./enrollment.repository.ts";
import { actorOf, completedOf, ownFile, stepContext, stepDataReader, summarize } from "./enrollment.service.ts";
import { schemaForStep } from "./step-schemas.ts";

/** Spec 4: a sent file becomes a request in this status; the staff issue takes it from there. */
export const SENT_REQUEST_STATUS = "Untreated";

/**
 * Validate and send: every step complete and still valid under today's rules, then in
 * one transaction the request is created and the file is locked against family edits. A second
 * send (double click, two devices) finds the file locked.
 */
export async function sendFile(
  ctx: AppContext,
  user: CurrentUser,
  fileId: number,
  mail?: { portalLink?: string },
): Promise<SentFile> {
  const { file, student } = await ownFile(ctx, user, fileId);
  if (file.status !== "draft") throw new AppError(409, "FILE_LOCKED");
  const steps = await listSteps(ctx.db, file.id);
  const missing = STEP_IDS.filter((step) => !completedOf(steps).includes(step));
  if (missing.length > 0) throw new AppError(409, "FILE_INCOMPLETE", { step: missing[0] ?? "" });

  const dataOf = stepDataReader(steps);
  const context = await stepContext(ctx, file, dataOf);
  for (const step of STEP_IDS) {
    if (!schemaForStep(step, dataOf(step), context).safeParse(dataOf(step)).success) {
      throw new AppError(409, "FILE_INCOMPLETE", { step });
    }
  }

  // The family's e-mails are queued inside the transaction; what they need is read before it.
  const mailPlan = mail ? await planSentFileMails(ctx, user, file.id) : undefined;
  const now = nowIso();
  const code = `INS-${file.school_year_id}-${String(file.id).padStart(6, "0")}`;
  const resent = await writeTransaction(ctx.db, ctx.engine, async (trx) => {
    const locked = await trx
      .updateTable("enrollment_files")
      .set({ status: "sent", sent_at: now, updated_at: now })
      .where("id", "=", file.id)
      .where("status", "=", "draft")
      .executeTakeFirst();
    if (Number(locked.numUpdatedRows) !== 1) throw new AppError(409, "FILE_LOCKED");
    // Sent again after a correction request: the request goes back to Untreated.
    // The history names who sent: the parent, or the staff member at the desk for the family.
    const again = await resendAfterCorrection(trx, {
      fileId: file.id,
      userId: actorOf(user),
      now,
      columns: requestListColumns(steps, file),
    });
    if (again) {
      if (mailPlan)
        await queueSentFileMails(ctx, trx, mailPlan, { ...again, requestId: again.id, userId: user.id, ...mail });
      return again;
    }
    const created = await trx
      .insertInto("requests")
      .values({
        code,
        user_id: user.id,
        file_id: file.id,
        school_year_id: file.school_year_id,
        request_status: SENT_REQUEST_STATUS,
        photo_status: "pending",
        is_test_data: student.is_test_data,
        url_file: null,
        created_at: now,
        updated_at: now,
        // Names, level and search text for the staff lists, so listing never reads step JSON.
        ...requestListColumns(steps, file),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // The request's history starts with the family's send (every change, who and when).
    await insertHistory(trx, {
      requestId: created.id,
      from: "InProcess",
      to: SENT_REQUEST_STATUS,
      action: "send",
      comment: null,
      userId: actorOf(user),
      now,
    });
    if (mailPlan)
      await queueSentFileMails(ctx, trx, mailPlan, { code, requestId: created.id, userId: user.id, ...mail });
    return null;
  });
  // Committed: the outbox delivers the family's e-mail with both PDFs; a mail that cannot go out
  // now never undoes the send (the documents stay downloadable).
  if (mailPlan) ctx.outbox.kick();
  const sent = (await findFile(ctx.db, file.id)) ?? file;
  return {
    file: await summarize(ctx, sent, student),
    request: { code: resent?.code ?? code, requestStatus: SENT_REQUEST_STATUS, createdAt: resent?.createdAt ?? now },
  };
}
