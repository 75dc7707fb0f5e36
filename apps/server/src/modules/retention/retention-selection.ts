import { addMonths, ENROLLED_STATUSES, type RetentionMonths } from "@portal/shared/retention";
import type { RetentionItem } from "@portal/shared/schemas/retention";
import type { StudentFileRow } from "./retention-selection.repository.ts";

/**
 * Which students' data is past its period (docs/rules/data-protection.md "Retention periods").
 * Pure: the rows, the periods, today and the holds in; the items out. A period is counted from
 * the end of the last school year the student had a file for, so a student with a file for a
 * year not over yet is never selected, and a family that applies again keeps its student.
 */

/** Identity documents and photos of an applicant not enrolled (applicantDocuments). */
export const DOCUMENT_UPLOAD_KINDS = [
  "identityDocument",
  "legalBacking",
  "studentPhoto",
  "representativePhoto",
  "authorizedPersonPhoto",
] as const;
/** Uploads that are part of the medical record (medicalRecords). */
export const MEDICAL_UPLOAD_KINDS = ["vaccinationBooklet", "incapacityCertificate", "sportCertificate"] as const;

export interface Holds {
  /** Family id → the hold's reason. */
  families: Map<number, string>;
  /** Request id → the hold's reason. */
  requests: Map<number, string>;
}

export interface StudentPlan extends RetentionItem {
  familyId: number;
  fileIds: number[];
}

interface Student {
  id: number;
  familyId: number;
  name: string;
  familyEmail: string;
  fileIds: number[];
  requestIds: number[];
  enrolled: boolean;
  lastEnd: string;
  lastYear: string;
}

const ENROLLED = new Set<string>(ENROLLED_STATUSES);

export function groupStudents(rows: StudentFileRow[]): Student[] {
  const students = new Map<number, Student>();
  for (const row of rows) {
    let student = students.get(row.student_id);
    if (!student) {
      student = {
        id: row.student_id,
        familyId: row.family_user_id,
        name: row.student_name,
        familyEmail: row.family_email,
        fileIds: [],
        requestIds: [],
        enrolled: false,
        lastEnd: row.ends_on,
        lastYear: row.year_label,
      };
      students.set(row.student_id, student);
    }
    student.fileIds.push(row.file_id);
    if (row.request_id !== null) student.requestIds.push(row.request_id);
    if (row.request_status && ENROLLED.has(row.request_status)) student.enrolled = true;
    if (row.ends_on > student.lastEnd) {
      student.lastEnd = row.ends_on;
      student.lastYear = row.year_label;
    }
  }
  return [...students.values()];
}

function holdOf(student: Student, holds: Holds): string | undefined {
  const family = holds.families.get(student.familyId);
  if (family !== undefined) return family;
  for (const id of student.requestIds) {
    const reason = holds.requests.get(id);
    if (reason !== undefined) return reason;
  }
  return undefined;
}

export interface SelectionInput {
  rows: StudentFileRow[];
  months: RetentionMonths;
  /** YYYY-MM-DD: an item is selected once its last kept day is before today. */
  today: string;
  holds: Holds;
  /** Students with document uploads left (applicantDocuments). */
  withDocuments: Set<number>;
  /** Students with a medical record step, draft or upload left (medicalRecords). */
  withMedical: Set<number>;
}

/** Every student item past its period, held ones marked kept with the reason. */
export function selectStudentItems(input: SelectionInput): StudentPlan[] {
  const plans: StudentPlan[] = [];
  for (const student of groupStudents(input.rows)) {
    const hold = holdOf(student, input.holds);
    const add = (kind: StudentPlan["kind"], months: number) => {
      const keptUntil = addMonths(student.lastEnd, months);
      if (keptUntil >= input.today) return;
      const kept = hold !== undefined ? { reason: "legalHold" as const, holdReason: hold } : null;
      plans.push({
        kind,
        studentId: student.id,
        label: student.name,
        familyEmail: student.familyEmail,
        schoolYear: student.lastYear,
        keptUntil,
        kept,
        familyId: student.familyId,
        fileIds: student.fileIds,
      });
    };
    if (student.enrolled) {
      if (input.withMedical.has(student.id)) add("medicalRecords", input.months.medicalRecords);
      continue;
    }
    if (input.withDocuments.has(student.id)) add("applicantDocuments", input.months.applicantDocuments);
    add("applicants", input.months.applicants);
  }
  return plans;
}

/** Upload ids that step data points at (`…FileId` keys, at any depth: authorized persons are a list). */
export function referencedUploadIds(data: unknown, into = new Set<number>()): Set<number> {
  if (Array.isArray(data)) {
    for (const item of data) referencedUploadIds(item, into);
  } else if (data && typeof data === "object") {
    for (const [key, value] of Object.entries(data)) {
      if (key.endsWith("FileId") && typeof value === "number") into.add(value);
      else referencedUploadIds(value, into);
    }
  }
  return into;
}

/**
 * Uploads another student's file points at: a representative's document sent with one child's
 * file and reused in a brother's stays while the brother's file keeps it.
 */
export function uploadsUsedByOthers(
  uploads: readonly { id: number; student_id: number }[],
  steps: readonly { student_id: number; data: string }[],
): Set<number> {
  const owner = new Map(uploads.map((upload) => [upload.id, upload.student_id]));
  const used = new Set<number>();
  for (const step of steps) {
    let data: unknown;
    try {
      data = JSON.parse(step.data);
    } catch {
      continue;
    }
    for (const id of referencedUploadIds(data)) {
      const student = owner.get(id);
      if (student !== undefined && student !== step.student_id) used.add(id);
    }
  }
  return used;
}

/** The step data without its references to removed uploads; undefined when nothing changed. */
export function withoutUploads(data: unknown, removed: Set<number>): unknown {
  let changed = false;
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value && typeof value === "object") {
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(value)) {
        if (key.endsWith("FileId") && typeof inner === "number" && removed.has(inner)) {
          changed = true;
          continue;
        }
        out[key] = strip(inner);
      }
      return out;
    }
    return value;
  };
  const result = strip(data);
  return changed ? result : undefined;
}
