import { z } from "zod";
import { MAIL_KINDS, MAIL_STATUSES } from "../mail.ts";
import { idParam } from "./fields.ts";

/**
 * The e-mails sent to a family about one request: GET /api/requests/:id/mails lists
 * them with their delivery state; POST /api/requests/:id/mails/:mailId/resend queues a copy.
 */

export const requestMailParamsSchema = z.strictObject({ id: idParam, mailId: idParam });

export const requestMailSchema = z.object({
  id: z.number().int(),
  kind: z.enum(MAIL_KINDS),
  to: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  /** The mail server's last refusal or the connection problem, while pending or once failed. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** When the next attempt is due (pending only). */
  nextAttemptAt: z.string().nullable(),
  /** The mail this one sends again, when it is a staff resend. */
  resentFrom: z.number().int().nullable(),
});
export type RequestMail = z.infer<typeof requestMailSchema>;

export const requestMailsSchema = z.object({ mails: z.array(requestMailSchema) });
export type RequestMails = z.infer<typeof requestMailsSchema>;
