import { sql } from "kysely";
import type { Db } from "../../db/database.ts";
import { ENDED_STATUSES } from "./reminders.repository.ts";

/**
 * Documents to sign online still `pending` on requests of those years: the file sent (not in
 * correction), the request under way (a Cancelled one's rows may still read `pending` until its
 * signing state is next read: the request's status decides), not test data. With the title of the
 * version the row follows, in the three languages.
 */
export function findPendingSignatures(db: Db, yearIds: number[]) {
  if (yearIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("signing_documents as d")
    .innerJoin("requests as r", "r.id", "d.request_id")
    .innerJoin("enrollment_files as f", "f.id", "d.file_id")
    .innerJoin("users as u", "u.id", "r.user_id")
    .innerJoin("school_years as y", "y.id", "r.school_year_id")
    .innerJoin("school_document_versions as v", "v.id", "d.version_id")
    .select([
      "d.id",
      "d.request_id",
      "d.file_id",
      "d.document_id",
      "d.created_at",
      "r.code",
      "r.student_name",
      "y.label as year",
      "v.title_es",
      "v.title_en",
      "v.title_fr",
      sql<number>`coalesce(u.household_owner_id, u.id)`.as("family_user_id"),
    ])
    .where("d.status", "=", "pending")
    .where("f.status", "=", "sent")
    .where("r.school_year_id", "in", yearIds)
    .where("r.is_test_data", "=", 0)
    .where("r.request_status", "not in", ENDED_STATUSES)
    .orderBy("d.request_id")
    .orderBy("d.id")
    .execute();
}

/** The representatives of those documents (the school's row left out): who signed, and their e-mail. */
export async function findRepresentativeSigners(db: Db, documentIds: number[]) {
  const rows: {
    signing_document_id: number;
    role: string;
    name: string;
    email: string | null;
    signed_at: string | null;
  }[] = [];
  for (let i = 0; i < documentIds.length; i += 500) {
    rows.push(
      ...(await db
        .selectFrom("signing_signers")
        .select(["signing_document_id", "role", "name", "email", "signed_at"])
        .where("signing_document_id", "in", documentIds.slice(i, i + 500))
        .where("role", "in", ["representative1", "representative2"])
        .orderBy("id")
        .execute()),
    );
  }
  return rows;
}

/** The e-mails (lower case) of each family's accounts: a representative with one of them signs signed in. */
export async function familyEmails(db: Db, familyUserIds: number[]): Promise<Map<number, Set<string>>> {
  const out = new Map<number, Set<string>>();
  if (familyUserIds.length === 0) return out;
  const ids = [...new Set(familyUserIds)];
  const rows = await db
    .selectFrom("users")
    .select(["email", sql<number>`coalesce(household_owner_id, id)`.as("family_user_id")])
    .where((eb) => eb.or([eb("id", "in", ids), eb("household_owner_id", "in", ids)]))
    .execute();
  for (const row of rows) {
    const family = Number(row.family_user_id);
    out.set(family, (out.get(family) ?? new Set()).add(row.email.toLowerCase()));
  }
  return out;
}
