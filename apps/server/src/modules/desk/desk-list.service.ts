import { isRequestStatus } from "@portal/shared/request-status";
import {
  type DeskEmailState,
  type DeskFamilyList,
  type DeskFamilyListQuery,
  isDeskPlaceholderEmail,
} from "@portal/shared/schemas/desk";
import type { AppContext } from "../../context.ts";
import { escapeLike, MAX_SEARCH_WORDS } from "../requests/search-text.ts";
import { listDeskFamilies } from "./desk-list.repository.ts";

/*
 * The families created at the desk, for the secretary to find one again (docs/rules/staff-workflow.md
 * "Walk-in families"). Who may: `householdsDesk` (the route's access); a read, not audited, as the
 * family's own page.
 */

/**
 * The search's words, lower-cased as typed (the names are compared with `lower()`, accents included:
 * the users' rows hold no normalised search text, unlike the requests').
 */
function searchWords(q: string | undefined): string[] {
  if (!q) return [];
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS).map(escapeLike);
}

function emailState(row: { email: string; activated_at: string | null; invited: unknown }): DeskEmailState {
  if (row.activated_at !== null) return "claimed";
  if (isDeskPlaceholderEmail(row.email)) return "none";
  // SQLite answers 0/1, PostgreSQL true/false.
  return row.invited === true || Number(row.invited) === 1 ? "invited" : "added";
}

export async function listDeskFamilyPage(ctx: AppContext, query: DeskFamilyListQuery): Promise<DeskFamilyList> {
  const { rows, total } = await listDeskFamilies(ctx.db, {
    words: searchWords(query.q),
    page: query.page,
    pageSize: query.pageSize,
  });
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: [row.names, row.first_surname, row.second_surname].filter(Boolean).join(" "),
      typeIdentification: row.desk_identification_type ?? 0,
      documentNumber: row.desk_identification ?? "",
      emailState: emailState(row),
      requestCount: Number(row.request_count ?? 0),
      latestStatus: isRequestStatus(row.latest_status) ? row.latest_status : null,
      createdAt: row.created_at,
      createdBy:
        row.creator_names === null ? null : [row.creator_names, row.creator_first_surname].filter(Boolean).join(" "),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
