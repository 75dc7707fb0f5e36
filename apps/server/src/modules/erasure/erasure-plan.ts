import { ACCEPTED_STATUSES, isRequestStatus } from "@portal/shared/request-status";
import type { ErasureScope } from "@portal/shared/schemas/erasure";
import type { Db } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { referencedUploads } from "../enrollment/step-schemas.ts";
import * as repo from "./erasure.repository.ts";

/*
 * What an erasure removes and what it keeps, computed once from the database and used both by the
 * preview and by the erasure itself (docs/rules/data-protection.md "Erasure"). A file is an
 * enrollment record, kept, when its request ever reached an accepted status (ACCEPTED_STATUSES,
 * now or in its history) or went to the student database; every other file of the child goes.
 */

export type { ErasureScope };

export interface PlannedFile {
  id: number;
  requestId: number | null;
  code: string | null;
}

export interface ErasurePlan {
  scope: ErasureScope;
  familyId: number;
  /** Every student whose data goes; `studentRowsErased` those whose row goes too. */
  studentIds: number[];
  studentRowsErased: number[];
  /** The child the staff named (its row may be kept). */
  studentName: string;
  documentNumber: string;
  erasedFiles: PlannedFile[];
  keptFiles: PlannedFile[];
  /** Upload rows that go, with their files. */
  uploadIds: number[];
  photoUploads: number;
  /** Uploads of the child's kept files that those files still reference (printed, signed). */
  keptUploads: number;
  keptDocuments: number;
  /** Relative to DATA_DIR: every file the erasure removes after its commit. */
  paths: string[];
  counts: Record<string, number>;
  /** Family scope: accounts deleted, and accounts an election lists (kept without personal data). */
  deletedAccountIds: number[];
  anonymisedAccountIds: number[];
  accounts: { id: number; email: string; names: string; first_surname: string; second_surname: string }[];
  exportIds: string[];
  /** A "My data" archive of the family is being written: it would copy what the erasure removes. */
  exportRunning: boolean;
  /** Names and identification numbers of the students whose row goes (for the audit scrub). */
  studentTexts: string[];
}

const PHOTO_KINDS = new Set(["studentPhoto", "representativePhoto", "authorizedPersonPhoto"]);

function everAccepted(file: { request_id: number | null; request_status: string | null }, accepted: Set<number>) {
  if (file.request_id === null) return false;
  const status = file.request_status;
  return (
    accepted.has(file.request_id) ||
    (status !== null && isRequestStatus(status) && (ACCEPTED_STATUSES as readonly string[]).includes(status))
  );
}

async function referencedIds(db: Db, fileIds: number[]): Promise<Set<number>> {
  const steps = await repo.findStepData(db, fileIds);
  return new Set(steps.flatMap((step) => referencedUploads(JSON.parse(step.data)).map((ref) => ref.id)));
}

/** The plan for one child (`applicant`) or for the child's whole family (`family`). 404 if no such child. */
export async function planErasure(db: Db, studentId: number, scope: ErasureScope): Promise<ErasurePlan> {
  const student = await repo.findStudent(db, studentId);
  if (!student) throw new AppError(404, "NOT_FOUND");
  const familyId = student.family_user_id;
  const studentIds =
    scope === "family" ? (await repo.findFamilyStudentIds(db, familyId)).map((s) => s.id) : [studentId];
  const files = await repo.findFiles(db, studentIds);
  const accepted = await repo.findEverAcceptedRequestIds(
    db,
    files.flatMap((f) => (f.request_id === null ? [] : [f.request_id])),
  );
  const kept = files.filter((f) => everAccepted(f, accepted));
  if (scope === "family" && kept.length > 0) throw new AppError(409, "ERASURE_FAMILY_ENROLLED");
  const erased = files.filter((f) => !everAccepted(f, accepted));
  const erasedFileIds = new Set(erased.map((f) => f.id));
  const keptStudents = new Set(kept.map((f) => f.student_id));
  const studentRowsErased = studentIds.filter((id) => !keptStudents.has(id));
  const asPlanned = (f: (typeof files)[number]): PlannedFile => ({ id: f.id, requestId: f.request_id, code: f.code });

  // Uploads belong to the family: the child's go unless a file that stays still references them.
  const familyFileIds = (await repo.findFamilyFileIds(db, familyId)).map((f) => f.id);
  const remaining = familyFileIds.filter((id) => !erasedFileIds.has(id));
  const stillReferenced = await referencedIds(db, remaining);
  const childFileIds = new Set(files.map((f) => f.id));
  const uploads = (await repo.findFamilyUploads(db, familyId)).filter((u) =>
    scope === "family" ? true : u.file_id !== null && childFileIds.has(u.file_id),
  );
  const goingUploads = uploads.filter((u) => !stillReferenced.has(u.id));
  const keptFileIds = new Set(kept.map((f) => f.id));
  const keptUploads = uploads.filter(
    (u) => stillReferenced.has(u.id) && u.file_id !== null && keptFileIds.has(u.file_id),
  );

  // The PDFs the portal drew and stored: the registration summary and documents to sign, and the
  // final PDFs of the documents signed online; all of them name the child.
  const documents = [
    ...(await repo.findStoredDocuments(
      db,
      files.map((f) => f.id),
    )),
    ...(await repo.findSignedDocuments(
      db,
      files.map((f) => f.id),
    )),
  ];
  const goingDocuments = documents.filter((d) => erasedFileIds.has(d.file_id));
  const erasedRequestIds = erased.flatMap((f) => (f.request_id === null ? [] : [f.request_id]));
  const keptFileList = [...keptFileIds];

  const accounts = scope === "family" ? await repo.findAccounts(db, familyId) : [];
  const inElections =
    scope === "family"
      ? await repo.findElectionAccountIds(
          db,
          accounts.map((a) => a.id),
        )
      : new Set<number>();
  const anonymisedAccountIds = accounts.filter((a) => inElections.has(a.id)).map((a) => a.id);
  const candidatePhotos =
    anonymisedAccountIds.length > 0 ? await repo.findCandidatePhotos(db, anonymisedAccountIds) : [];
  const exports = await repo.findExports(db, familyId);

  const paths = [
    ...goingUploads.flatMap((u) => [u.storage_key, ...(u.original_storage_key ? [u.original_storage_key] : [])]),
    ...goingDocuments.map((d) => d.storage_key),
    ...candidatePhotos.flatMap((c) => (c.photo_ref ? [c.photo_ref] : [])),
  ].map((key) => `files/${key}`);
  for (const row of exports)
    if (row.storage_key) paths.push(`exports/${row.storage_key}`, `exports/${row.storage_key}.part`);

  const erasedIds = [...erasedFileIds];
  const [drafts, keptDrafts, consents, emails, history, handIns] = await Promise.all([
    repo.countDrafts(db, erasedIds),
    repo.countDrafts(db, keptFileList),
    repo.countConsents(db, erasedIds),
    repo.countEmails(db, erasedRequestIds),
    repo.countHistory(db, erasedRequestIds),
    repo.countHandIns(db, erasedRequestIds),
  ]);
  const photoUploads = goingUploads.filter((u) => PHOTO_KINDS.has(u.kind)).length;
  return {
    scope,
    familyId,
    studentIds,
    studentRowsErased,
    studentName: student.student_name,
    documentNumber: student.document_number,
    erasedFiles: erased.map(asPlanned),
    keptFiles: kept.map(asPlanned),
    uploadIds: goingUploads.map((u) => u.id),
    photoUploads,
    keptUploads: keptUploads.length,
    keptDocuments: documents.length - goingDocuments.length,
    paths,
    counts: {
      students: studentRowsErased.length,
      enrollmentFiles: erased.length,
      requests: erasedRequestIds.length,
      requestHistory: history,
      documentHandIns: handIns,
      stepDrafts: drafts + keptDrafts,
      consents,
      uploads: goingUploads.length - photoUploads,
      photos: photoUploads,
      storedDocuments: goingDocuments.length,
      emails,
      dataExports: exports.filter((e) => e.storage_key).length,
      accounts: accounts.length - anonymisedAccountIds.length,
    },
    deletedAccountIds: accounts.filter((a) => !inElections.has(a.id)).map((a) => a.id),
    anonymisedAccountIds,
    accounts,
    exportIds: exports.map((e) => e.id),
    exportRunning: exports.some((e) => e.status === "running"),
    studentTexts: (await repo.findStudentTexts(db, studentRowsErased)).flatMap((s) => [
      s.student_name,
      s.document_number,
    ]),
  };
}
