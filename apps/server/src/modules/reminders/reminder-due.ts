import type { ReminderCause } from "@portal/shared/schemas/reminders";
import type { ReminderLine } from "../../mail/family-reminder.ts";

/** One cause of one family, due today (docs/rules/reminders.md "The causes"). */
export interface Due {
  familyUserId: number;
  cause: ReminderCause;
  /** The file (draftNotSent), the request (documentsOverdue, photoRejected) or the signing document (signaturesPending). */
  subjectId: number;
  requestId: number | null;
  startedAt: string;
  line: ReminderLine;
}
