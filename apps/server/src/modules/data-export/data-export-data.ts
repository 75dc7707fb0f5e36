import type { Language } from "@portal/shared/languages";
import type { DataExportArchive } from "@portal/shared/schemas/data-export";
import type { Db } from "../../db/database.ts";
import { safeName } from "../documents/documents-zip.ts";
import * as rows from "./data-export-rows.repository.ts";
import { type SignedFile, signaturesSection } from "./data-export-signatures.ts";

/*
 * data.json of "My data" (docs/data-protection.md), built from the family's own rows, and the list
 * of files the archive will carry. Each file's `archivePath` is where the archive puts it; the
 * writer sets it to null (and `missing`) when the file cannot be read.
 */

/** A file to copy into the archive: an upload (or its original) or a final signed PDF from DATA_DIR/files, or a generated PDF. */
export type ArchiveFile =
  | { type: "upload"; uploadIndex: number; original: boolean; storageKey: string; entry: string }
  | { type: "document"; documentIndex: number; fileId: number; kind: "summary" | "to-sign"; entry: string }
  | SignedFile;

export interface GatheredData {
  data: DataExportArchive;
  files: ArchiveFile[];
}

const parseJson = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const MEDICAL_EVENTS = new Set(["medicalRecord.viewed", "medicalRecord.exported"]);

function medicalAction(details: Record<string, unknown>): string {
  if (typeof details.export === "string") return details.export;
  if (typeof details.view === "string") return details.view;
  return "view";
}

const numberOr = (value: unknown): number | null => (typeof value === "number" ? value : null);

export async function gatherFamilyData(db: Db, familyId: number, language: Language): Promise<GatheredData> {
  const accounts = await rows.findAccounts(db, familyId);
  const accountIds = accounts.map((a) => a.id);
  const [invitations, sessions, students, files, uploads, audit, duplicates, elections, rights, campaigns] =
    await Promise.all([
      rows.findInvitations(db, familyId),
      rows.findSessions(db, accountIds),
      rows.findStudents(db, familyId),
      rows.findFiles(db, familyId),
      rows.findUploads(db, familyId),
      rows.findAuditAbout(db, accountIds),
      rows.findDuplicateAttempts(db, familyId),
      rows.findElectionRows(db, accountIds),
      rows.findDataRightsRequests(db, familyId),
      rows.findCampaignAnswers(db, familyId),
    ]);
  const fileIds = files.map((f) => f.id);
  const [steps, drafts, requests, consents] = await Promise.all([
    rows.findSteps(db, fileIds),
    rows.findDrafts(db, fileIds),
    rows.findRequests(db, fileIds),
    rows.findConsents(db, fileIds),
  ]);
  const requestIds = requests.map((r) => r.id);
  const [history, handIns, emails, signatures] = await Promise.all([
    rows.findHistory(db, requestIds),
    rows.findHandIns(db, requestIds),
    rows.findEmails(db, accountIds, requestIds),
    rows.findSignatures(db, requestIds),
  ]);

  const studentName = new Map(students.map((s) => [s.id, s.student_name]));
  const fileStudent = new Map(files.map((f) => [f.id, f.student_id]));
  const requestByFile = new Map(requests.map((r) => [r.file_id, r]));
  const requestById = new Map(requests.map((r) => [r.id, r]));
  const accountSet = new Set(accountIds);
  const archiveFiles: ArchiveFile[] = [];

  const uploadItems = uploads.map((upload, uploadIndex) => {
    const base = `uploads/${upload.id}-${safeName(upload.original_name)}`;
    archiveFiles.push({ type: "upload", uploadIndex, original: false, storageKey: upload.storage_key, entry: base });
    let originalArchivePath: string | null = null;
    if (upload.original_storage_key) {
      originalArchivePath = `uploads/originals/${upload.id}-${safeName(upload.original_name)}`;
      archiveFiles.push({
        type: "upload",
        uploadIndex,
        original: true,
        storageKey: upload.original_storage_key,
        entry: originalArchivePath,
      });
    }
    return {
      id: upload.id,
      fileId: upload.file_id,
      kind: upload.kind,
      originalName: upload.original_name,
      contentType: upload.content_type,
      size: Number(upload.size),
      createdAt: upload.created_at,
      archivePath: base as string | null,
      originalArchivePath,
      missing: false,
    };
  });

  // A sent file has its two PDFs (the ones its download buttons serve).
  const documents: DataExportArchive["documents"] = [];
  for (const request of requests) {
    for (const kind of ["summary", "to-sign"] as const) {
      const entry = `documents/${safeName(`${request.code}-${kind}-${language}`)}.pdf`;
      archiveFiles.push({ type: "document", documentIndex: documents.length, fileId: request.file_id, kind, entry });
      documents.push({ fileId: request.file_id, requestCode: request.code, kind, archivePath: entry, missing: false });
    }
  }

  const signed = signaturesSection(signatures, new Map(requests.map((r) => [r.id, r.code])));
  archiveFiles.push(...signed.files);

  const medicalAccesses: DataExportArchive["medicalAccesses"] = [];
  const accountEvents: DataExportArchive["accountEvents"] = [];
  for (const row of audit) {
    const byFamily = row.actor_user_id !== null && accountSet.has(row.actor_user_id);
    if (MEDICAL_EVENTS.has(row.event) && !byFamily) {
      const details = (parseJson(row.details) ?? {}) as Record<string, unknown>;
      const fileId = numberOr(details.fileId);
      const request =
        (numberOr(details.requestId) !== null ? requestById.get(numberOr(details.requestId)!) : undefined) ??
        (fileId !== null ? requestByFile.get(fileId) : undefined);
      const studentId = numberOr(details.studentId) ?? (fileId !== null ? (fileStudent.get(fileId) ?? null) : null);
      medicalAccesses.push({
        at: row.created_at,
        staffName:
          row.names === null ? null : [row.names, row.first_surname, row.second_surname].filter(Boolean).join(" "),
        staffRole: row.role,
        studentId,
        studentName: studentId !== null ? (studentName.get(studentId) ?? null) : null,
        requestCode: request?.code ?? (typeof details.code === "string" ? details.code : null),
        action: medicalAction(details),
      });
    } else {
      accountEvents.push({ event: row.event, at: row.created_at, byFamily });
    }
  }

  const messages: DataExportArchive["messages"] = [];
  for (const request of requests) {
    if (request.correction_message) {
      messages.push({
        requestId: request.id,
        kind: "correctionRequest",
        text: request.correction_message,
        at: request.updated_at,
      });
    }
    if (request.photo_rejection_reason) {
      messages.push({
        requestId: request.id,
        kind: "photoRejected",
        text: request.photo_rejection_reason,
        at: request.photo_reviewed_at,
      });
    }
  }

  const data: DataExportArchive = {
    format: "school-portal-family-data",
    formatVersion: 1,
    generatedAt: new Date().toISOString(),
    language,
    family: {
      id: familyId,
      accounts: accounts.map((a) => ({
        id: a.id,
        email: a.email,
        firstSurname: a.first_surname,
        secondSurname: a.second_surname,
        names: a.names,
        phone: a.phone,
        language: a.language,
        role: a.role,
        householdOwner: a.id === familyId,
        createdAt: a.created_at,
        activatedAt: a.activated_at,
        lastLoginAt: a.last_login_at,
        deactivatedAt: a.deactivated_at,
        identification: a.desk_identification,
      })),
      householdInvitations: invitations.map((i) => ({
        email: i.email,
        createdAt: i.created_at,
        expiresAt: i.expires_at,
        acceptedAt: i.accepted_at,
        revokedAt: i.revoked_at,
      })),
      sessions: sessions.map((s) => ({
        accountId: s.user_id,
        createdAt: s.created_at,
        lastSeenAt: s.last_seen_at,
        expiresAt: s.expires_at,
        ip: s.ip,
        userAgent: s.user_agent,
      })),
    },
    students: students.map((s) => ({
      id: s.id,
      name: s.student_name,
      documentNumber: s.document_number,
      createdAt: s.created_at,
      updatedAt: s.updated_at,
    })),
    enrollmentFiles: files.map((f) => ({
      id: f.id,
      studentId: f.student_id,
      schoolYear: f.year_label,
      isNewStudent: Boolean(f.is_new_student),
      status: f.status,
      levelCode: f.level_code,
      createdAt: f.created_at,
      updatedAt: f.updated_at,
      sentAt: f.sent_at,
    })),
    steps: steps.map((s) => ({
      fileId: s.file_id,
      step: s.step,
      data: parseJson(s.data),
      completedAt: s.completed_at,
      updatedAt: s.updated_at,
      updatedByAccountId: s.updated_by !== null && accountSet.has(s.updated_by) ? s.updated_by : null,
    })),
    stepDrafts: drafts.map((d) => ({
      fileId: d.file_id,
      step: d.step,
      values: parseJson(d.values_json),
      updatedAt: d.updated_at,
    })),
    requests: requests.map((r) => ({
      id: r.id,
      fileId: r.file_id,
      code: r.code,
      status: r.request_status,
      photoStatus: r.photo_status,
      levelCode: r.level_code,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      migratedToStudentDatabaseAt: r.migrated_at,
    })),
    requestHistory: history.map((h) => ({
      requestId: h.request_id,
      action: h.action,
      fromStatus: h.from_status,
      toStatus: h.to_status,
      at: h.created_at,
    })),
    documentHandIns: handIns.map((h) => ({
      requestId: h.request_id,
      item: h.item,
      received: Boolean(h.received),
      receivedOn: h.received_on,
    })),
    messages,
    uploads: uploadItems,
    documents,
    consents: consents.map((c) => ({
      accountId: c.user_id,
      fileId: c.file_id,
      subject: c.subject,
      textVersion: c.text_version,
      accepted: Boolean(c.accepted),
      withdrawn: Boolean(c.withdrawn),
      at: c.created_at,
      ip: c.ip,
    })),
    emails: emails.map((e) => ({
      kind: e.kind,
      to: e.to_address,
      subject: e.subject,
      bodyText: e.body_text,
      requestId: e.request_id,
      status: e.status,
      createdAt: e.created_at,
      sentAt: e.sent_at,
    })),
    medicalAccesses,
    accountEvents,
    duplicateStudentAttempts: duplicates.map((d) => ({
      attemptedFileId: d.attempted_file_id,
      attempts: d.attempts,
      firstAt: d.first_at,
      lastAt: d.last_at,
    })),
    reenrollmentAnswers: campaigns.map((c) => ({
      schoolYear: c.label,
      deadline: c.deadline,
      studentId: c.student_id,
      answer: c.answer,
      reasonCode: c.reason_code,
      answeredAt: c.answered_at,
      answeredVia: c.answered_via,
    })),
    dataRightsRequests: rights.map((r) => ({
      id: r.id,
      kind: r.kind,
      subject: r.subject,
      studentId: r.student_id,
      actor: r.actor,
      filedByAccountId: r.filed_by,
      description: r.description,
      state: r.state,
      filedAt: r.filed_at,
      deadline: r.deadline_on,
      startedAt: r.started_at,
      closedAt: r.closed_at,
      answer: r.answer,
    })),
    elections: {
      eligible: elections.eligible.map((e) => ({ electionId: e.election_id, accountId: e.user_id })),
      voted: elections.voted.map((e) => ({ electionId: e.election_id, accountId: e.user_id, votedAt: e.voted_at })),
      candidacies: elections.candidacies.map((c) => ({
        electionId: c.election_id,
        accountId: c.user_id,
        listName: c.list_name,
        statement: c.statement,
        status: c.status,
        createdAt: c.created_at,
        decidedAt: c.decided_at,
      })),
      candidates: elections.candidates.map((c) => ({
        listId: c.list_id,
        accountId: c.user_id,
        rank: c.rank,
        statement: c.statement,
      })),
    },
    signatures: signed.signatures,
    missingFiles: [],
  };
  return { data, files: archiveFiles };
}
