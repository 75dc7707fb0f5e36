import type { CandidacyView } from "@portal/shared/schemas/election-candidacies";
import type { CandidacyRow } from "./candidacies.repository.ts";

/** A candidacy as the family and the Admin see it: the list's name, existing or proposed. */
export function candidacyView(row: CandidacyRow): CandidacyView {
  return {
    id: row.id,
    electionId: row.election_id,
    listId: row.list_id,
    listName: row.list_label ?? row.list_name ?? "",
    organizationId: row.organization_id,
    statement: row.statement,
    status: row.status as CandidacyView["status"],
    reason: row.decision_reason,
    decidedAt: row.decided_at,
    createdAt: row.created_at,
  };
}
