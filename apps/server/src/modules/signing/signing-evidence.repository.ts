import type { Db } from "../../db/database.ts";

/* Signing online: the one-time codes (only their hashes) and the evidence events. Queries only. */

/** A new code replaces the signer's earlier ones (docs/rules/documents.md "Signing online"). */
export async function replaceCode(
  db: Db,
  row: { signer_id: number; code_hash: string; expires_at: string; created_at: string },
): Promise<void> {
  await db.deleteFrom("signing_codes").where("signer_id", "=", row.signer_id).execute();
  await db.insertInto("signing_codes").values(row).execute();
}

export function latestCode(db: Db, signerId: number) {
  return db
    .selectFrom("signing_codes")
    .selectAll()
    .where("signer_id", "=", signerId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** One wrong try more; the count after it. */
export async function countWrongTry(db: Db, codeId: number): Promise<number> {
  const row = await db
    .updateTable("signing_codes")
    .set((eb) => ({ tries: eb("tries", "+", 1) }))
    .where("id", "=", codeId)
    .returning("tries")
    .executeTakeFirst();
  return Number(row?.tries ?? 0);
}

/** Spends the code; false when it was spent meanwhile. */
export async function useCode(db: Db, codeId: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable("signing_codes")
    .set({ used_at: at })
    .where("id", "=", codeId)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface EventInput {
  signing_document_id: number;
  signer_id: number | null;
  kind: string;
  at: string;
  ip: string | null;
  user_agent: string | null;
  user_id: number | null;
  detail?: string | null;
}

export async function insertEvents(db: Db, rows: EventInput[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("signing_events")
    .values(rows.map((row) => ({ ...row, detail: row.detail ?? null })))
    .execute();
}

export function listEvents(db: Db, documentId: number) {
  return db
    .selectFrom("signing_events")
    .leftJoin("signing_signers", "signing_signers.id", "signing_events.signer_id")
    .leftJoin("users", "users.id", "signing_events.user_id")
    .select([
      "signing_events.at",
      "signing_events.kind",
      "signing_events.ip",
      "signing_events.user_agent",
      "signing_events.detail",
      "signing_signers.role as signerRole",
      "users.names as userNames",
      "users.first_surname as userFirstSurname",
      "users.second_surname as userSecondSurname",
    ])
    .where("signing_events.signing_document_id", "=", documentId)
    .orderBy("signing_events.id")
    .execute();
}

/** When the document's representatives were last reminded (the staff's 10-minute throttle). */
export async function lastEventAt(db: Db, documentId: number, kind: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("signing_events")
    .select("at")
    .where("signing_document_id", "=", documentId)
    .where("kind", "=", kind)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.at;
}
