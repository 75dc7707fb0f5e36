import { addMonths, type RetentionKind, type RetentionMonths } from "@portal/shared/retention";
import type { AppContext } from "../../context.ts";
import type { Held } from "./retention-deletions.repository.ts";
import { countExpiredArchives, countOldAudit, countOldMails } from "./retention-deletions.repository.ts";
import {
  countElectionRegistersDue,
  type FileUploadRow,
  heldAccounts,
  listFileUploads,
  listHoldTargets,
  listStepsOfFamilies,
  listStudentFiles,
  requestsOfFamilies,
  studentsWithMedicalSteps,
} from "./retention-selection.repository.ts";
import {
  DOCUMENT_UPLOAD_KINDS,
  type Holds,
  MEDICAL_UPLOAD_KINDS,
  type StudentPlan,
  selectStudentItems,
  uploadsUsedByOthers,
} from "./retention-selection.ts";
import { readRetentionPeriods } from "./retention-settings.service.ts";

/**
 * What a purge would do now: the students' items past their period (retention-selection.ts) and
 * the counts of the other kinds, with what the legal holds keep. The preview shows it; a run
 * computes it again at its start and applies it.
 */
export interface PurgePlan {
  asOf: string;
  months: RetentionMonths;
  items: StudentPlan[];
  counts: { kind: RetentionKind; toRemove: number; kept: number }[];
  held: Held;
  /** Timestamps before which sent e-mails and audit entries go. */
  mailCutoff: string;
  auditCutoff: string;
  documentUploads: FileUploadRow[];
  medicalUploads: FileUploadRow[];
}

async function readHolds(ctx: AppContext): Promise<{ holds: Holds; held: Held }> {
  const holds: Holds = { families: new Map(), requests: new Map() };
  const families = new Set<number>();
  const requests = new Set<number>();
  for (const target of await listHoldTargets(ctx.db)) {
    if (target.family_user_id !== null) {
      holds.families.set(target.family_user_id, target.reason);
      families.add(target.family_user_id);
    }
    if (target.request_id !== null) {
      holds.requests.set(target.request_id, target.reason);
      requests.add(target.request_id);
      // The family of a held request keeps its e-mails and audit trail too.
      if (target.request_family_id !== null) families.add(target.request_family_id);
    }
  }
  const familyRequests = await requestsOfFamilies(ctx.db, [...families]);
  return {
    holds,
    held: {
      accounts: await heldAccounts(ctx.db, [...families]),
      requests: [...new Set([...requests, ...familyRequests])],
    },
  };
}

/** `months` before `now`, as an ISO timestamp (the day clamped as addMonths does). */
function monthsBefore(now: Date, months: number): string {
  return `${addMonths(now.toISOString().slice(0, 10), -months)}${now.toISOString().slice(10)}`;
}

export async function buildPurgePlan(ctx: AppContext, now: Date): Promise<PurgePlan> {
  const settings = await readRetentionPeriods(ctx);
  const { holds, held } = await readHolds(ctx);
  const [rows, allDocuments, allMedical, medicalSteps] = await Promise.all([
    listStudentFiles(ctx.db),
    listFileUploads(ctx.db, DOCUMENT_UPLOAD_KINDS),
    listFileUploads(ctx.db, MEDICAL_UPLOAD_KINDS),
    studentsWithMedicalSteps(ctx.db),
  ]);
  // Only uploads no other student's file uses count as removable: a run that must keep a shared
  // one has nothing left to do for it, and the next run does not select it again.
  const families = [...new Set([...allDocuments, ...allMedical].map((upload) => upload.family_user_id))];
  const shared = uploadsUsedByOthers([...allDocuments, ...allMedical], await listStepsOfFamilies(ctx.db, families));
  const documentUploads = allDocuments.filter((upload) => !shared.has(upload.id));
  const medicalUploads = allMedical.filter((upload) => !shared.has(upload.id));
  const items = selectStudentItems({
    rows,
    months: settings.months,
    today: now.toISOString().slice(0, 10),
    holds,
    withDocuments: new Set(documentUploads.map((upload) => upload.student_id)),
    withMedical: new Set([...medicalSteps, ...medicalUploads.map((upload) => upload.student_id)]),
  });
  const mailCutoff = monthsBefore(now, settings.months.sentEmails);
  const auditCutoff = monthsBefore(now, settings.months.auditLog);
  const registerCutoff = new Date(now.getTime() - settings.electionRegisterDays * 86_400_000).toISOString();
  const [mails, audit, archives, registers] = await Promise.all([
    countOldMails(ctx.db, mailCutoff, held),
    countOldAudit(ctx.db, auditCutoff, held),
    countExpiredArchives(ctx.db, now.toISOString()),
    countElectionRegistersDue(ctx.db, registerCutoff),
  ]);
  const studentCount = (kind: RetentionKind) => ({
    kind,
    toRemove: items.filter((item) => item.kind === kind && !item.kept).length,
    kept: items.filter((item) => item.kind === kind && item.kept).length,
  });
  return {
    asOf: now.toISOString(),
    months: settings.months,
    items,
    counts: [
      studentCount("applicants"),
      studentCount("applicantDocuments"),
      studentCount("medicalRecords"),
      { kind: "electionRegisters", toRemove: registers, kept: 0 },
      { kind: "auditLog", toRemove: audit.due, kept: audit.kept },
      { kind: "sentEmails", toRemove: mails.due, kept: mails.kept },
      { kind: "dataExports", toRemove: archives, kept: 0 },
    ],
    held,
    mailCutoff,
    auditCutoff,
    documentUploads,
    medicalUploads,
  };
}
