import { FAMILY_ROLES } from "@portal/shared/roles";
import { sql } from "kysely";
import type { Db } from "../../db/database.ts";

/*
 * The list of families created at the desk (docs/rules/staff-workflow.md "Walk-in families"),
 * queries only. `words` are lower-cased with LIKE's wildcards escaped by the caller; each must be
 * found in the representative's names or identification.
 */

export interface DeskFamilyListFilter {
  words: string[];
  page: number;
  pageSize: number;
}

function deskFamilies(db: Db, words: string[]) {
  let query = db
    .selectFrom("users as u")
    .where("u.desk_identification", "is not", null)
    .where("u.household_owner_id", "is", null)
    .where("u.role", "in", [...FAMILY_ROLES]);
  const haystack = sql<string>`lower(u.names || ' ' || u.first_surname || ' ' || u.second_surname || ' ' || u.desk_identification)`;
  for (const word of words) query = query.where(sql<boolean>`${haystack} like ${`%${word}%`} escape '\\'`);
  return query;
}

/** One page of desk families, newest first, and how many match. */
export async function listDeskFamilies(db: Db, filter: DeskFamilyListFilter) {
  const base = deskFamilies(db, filter.words);
  const total = await base.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow();
  const rows = await base
    .leftJoin("users as c", "c.id", "u.desk_created_by")
    .select((eb) => [
      "u.id",
      "u.names",
      "u.first_surname",
      "u.second_surname",
      "u.email",
      "u.activated_at",
      "u.created_at",
      "u.desk_identification_type",
      "u.desk_identification",
      "c.names as creator_names",
      "c.first_surname as creator_first_surname",
      // An invitation counts while it went to the account's current address (a changed e-mail
      // revokes the links sent to the previous one: docs/rules/staff-workflow.md).
      eb
        .exists(
          eb
            .selectFrom("mail_outbox as m")
            .select("m.id")
            .whereRef("m.user_id", "=", "u.id")
            .whereRef("m.to_address", "=", "u.email")
            .where("m.kind", "=", "deskInvitation"),
        )
        .as("invited"),
      eb
        .selectFrom("requests as r")
        .select((inner) => inner.fn.countAll<number | string>().as("n"))
        .whereRef("r.user_id", "=", "u.id")
        .as("request_count"),
      eb
        .selectFrom("requests as r")
        .select("r.request_status")
        .whereRef("r.user_id", "=", "u.id")
        .orderBy("r.id", "desc")
        .limit(1)
        .as("latest_status"),
    ])
    .orderBy("u.created_at", "desc")
    .orderBy("u.id", "desc")
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize)
    .execute();
  return { rows, total: Number(total.n) };
}
