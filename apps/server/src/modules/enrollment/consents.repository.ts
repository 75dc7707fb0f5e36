import { CONSENT_TEXT_VERSION, PHOTO_CONSENTS, TERMS_CONSENTS } from "@portal/shared/consents";
import type { StepId } from "@portal/shared/enrollment-steps";
import { type Db, nowIso } from "../../db/database.ts";

const SUBJECTS: Partial<Record<StepId, Record<string, string>>> = {
  terms: TERMS_CONSENTS,
  studentPhoto: PHOTO_CONSENTS,
};

/** Whether saving `step` records consents (so the save is more than one statement). */
export function carriesConsents(step: StepId): boolean {
  return SUBJECTS[step] !== undefined;
}

/** Records every consent a step carries, accepted or refused, with the text version shown. */
export async function recordConsents(
  db: Db,
  entry: {
    userId: number;
    fileId: number;
    ip: string;
    step: StepId;
    data: Record<string, unknown>;
    /** Recorded at the desk by this staff member (the parent signed on paper). */
    deskStaffId?: number | null;
  },
): Promise<void> {
  const subjects = SUBJECTS[entry.step];
  if (!subjects) return;
  const now = nowIso();
  await db
    .insertInto("consents")
    .values(
      Object.entries(subjects).map(([field, subject]) => ({
        user_id: entry.userId,
        file_id: entry.fileId,
        subject,
        text_version: CONSENT_TEXT_VERSION,
        accepted: entry.data[field] === true ? 1 : 0,
        ip: entry.ip.slice(0, 64),
        created_at: now,
        desk_staff_id: entry.deskStaffId ?? null,
      })),
    )
    .execute();
}
