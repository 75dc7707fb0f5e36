import type {
  DataRightsActor,
  DataRightsKind,
  DataRightsState,
  DataRightsSubject,
  FamilyDataRightsRequest,
  StaffDataRightsRequest,
} from "@portal/shared/schemas/data-rights";
import type { RequestRow } from "./data-rights.repository.ts";
import { daysLeft } from "./data-rights-dates.ts";

/** A request row as the family and the staff see it (the staff also see who handled it). */

const nameOf = (names: string | null, surname: string | null) => [names, surname].filter(Boolean).join(" ");

const personOf = (names: string | null, surname: string | null, email: string | null) =>
  email === null ? null : { name: nameOf(names, surname), email };

export function familyView(row: RequestRow, today: string): FamilyDataRightsRequest {
  return {
    id: row.id,
    kind: row.kind as DataRightsKind,
    subject: row.subject as DataRightsSubject,
    studentName: row.student_name ?? null,
    actor: row.actor as DataRightsActor,
    description: row.description,
    state: row.state as DataRightsState,
    filedAt: row.filed_at,
    deadline: row.deadline_on,
    daysLeft: daysLeft(row.deadline_on, today),
    answer: row.answer,
    closedAt: row.closed_at,
  };
}

export function staffView(row: RequestRow, today: string): StaffDataRightsRequest {
  return {
    ...familyView(row, today),
    filedBy: personOf(row.filed_names, row.filed_surname, row.filed_email),
    startedAt: row.started_at,
    startedBy: personOf(row.started_names, row.started_surname, row.started_email),
    closedBy: personOf(row.closed_names, row.closed_surname, row.closed_email),
  };
}
